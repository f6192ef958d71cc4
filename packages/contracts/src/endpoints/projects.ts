/** The endpoints of projects and bills of quantities (projects service) the browser calls: one line each (docs/adding-a-module.md). */
import { get, post, patch, put, del } from '../endpoint.js';
import type {
  Boq,
  BoqImportPreview,
  BoqItemsResponse,
  BoqListQuery,
  BoqListResponse,
  BoqResponse,
  CreateBoqBody,
  UpdateBoqBody,
} from '../schemas/boq.js';
import type { MessageResponse } from '../schemas/common.js';
import type {
  CreateProjectBody,
  NextProjectCodeResponse,
  Project,
  ProjectListQuery,
  ProjectListResponse,
  ProjectResponse,
  UpdateProjectBody,
} from '../schemas/projects.js';

export const projectsEndpoints = {
  // Projects (projects service)
  'projects.list': get('/project').query<ProjectListQuery>().returns<ProjectListResponse>(),
  'projects.nextCode': get('/project/nextCode').returns<NextProjectCodeResponse>(),
  'projects.get': get('/project/:id').returns<Project>(),
  'projects.create': post('/project').body<CreateProjectBody>().returns<ProjectResponse>(),
  'projects.update': patch('/project/:id').body<UpdateProjectBody>().returns<ProjectResponse>(),
  // Bills of quantities (projects service)
  'boq.list': get('/boq/all').query<BoqListQuery>().returns<BoqListResponse>(),
  'boq.get': get('/boq/:id').returns<Boq>(),
  'boq.items': get('/boq/items/:id').returns<BoqItemsResponse>(),
  'boq.create': post('/boq').body<CreateBoqBody>().returns<BoqResponse>(),
  'boq.update': put('/boq/:id').body<UpdateBoqBody>().returns<BoqResponse>(),
  'boq.remove': del('/boq/:id').returns<MessageResponse>(),
  'boq.revise': post('/boq/:id/revise').returns<BoqResponse>(),
  /** A spreadsheet (XLSX or CSV, field `file`) read against the item master; nothing is stored. */
  'boq.import': post('/boq/import').form().returns<BoqImportPreview>(),
  'boq.export': get('/boq/:id/export').file(),
};
