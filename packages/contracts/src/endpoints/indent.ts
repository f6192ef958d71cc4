/** The endpoints of indents (indent service) the browser calls: one line each (docs/adding-a-module.md). */
import { get, post, put } from '../endpoint.js';
import type {
  ApprovalBody,
  CompareBody,
  CreateIndentBody,
  FleetBody,
  FleetResponse,
  Indent,
  IndentCompare,
  IndentCompareResponse,
  IndentListQuery,
  IndentListResponse,
  IndentResponse,
  ReworkBody,
  UpdateIndentBody,
} from '../schemas/indent.js';

export const indentEndpoints = {
  // Indents (indent service)
  'indent.list': get('/indent').query<IndentListQuery>().returns<IndentListResponse>(),
  'indent.get': get('/indent/:id').returns<Indent>(),
  'indent.create': post('/indent').body<CreateIndentBody>().returns<IndentResponse>(),
  'indent.update': put('/indent/:id').body<UpdateIndentBody>().returns<IndentResponse>(),
  'indent.compare': get('/indent/compare/:id').returns<IndentCompare>(),
  'indent.saveCompare': post('/indent/compare/:id').body<CompareBody>().returns<IndentCompareResponse>(),
  'indent.approve': post('/indent/approval/:id').body<ApprovalBody>().returns<IndentResponse>(),
  'indent.rework': post('/indent/rework/:id').body<ReworkBody>().returns<IndentResponse>(),
  'indent.fleet': put('/indent/fleet/:id').body<FleetBody>().returns<FleetResponse>(),
};
