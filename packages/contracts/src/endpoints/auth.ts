/** The endpoints of sign-in and the team (auth service) the browser calls: one line each (docs/adding-a-module.md). */
import { get, post, patch } from '../endpoint.js';
import type {
  CreateMemberBody,
  MeResponse,
  Member,
  MemberResponse,
  SendOtpBody,
  TeamListQuery,
  TeamListResponse,
  UpdateMemberBody,
  VerifyOtpBody,
  VerifyOtpResponse,
} from '../schemas/auth.js';
import type { MessageResponse } from '../schemas/common.js';

export const authEndpoints = {
  // Sign-in (auth service)
  'auth.sendOtp': post('/auth/sendOtp').body<SendOtpBody>().returns<MessageResponse>(),
  'auth.verifyOtp': post('/auth/verifyOtp').body<VerifyOtpBody>().returns<VerifyOtpResponse>(),
  'auth.me': get('/auth/me').returns<MeResponse>(),
  'auth.logout': post('/auth/logout').returns<MessageResponse>(),
  // Team (auth service)
  'team.list': get('/auth/teamList').query<TeamListQuery>().returns<TeamListResponse>(),
  'team.create': post('/auth/createTeam').body<CreateMemberBody>().returns<MemberResponse>(),
  'team.get': get('/auth/details/:id').returns<Member>(),
  'team.update': patch('/auth/:id').body<UpdateMemberBody>().returns<MemberResponse>(),
};
