import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@erp/contracts';
import { ACCOUNTANT, ADMIN, EMPLOYEE, PURCHASER, startAuth, type AuthHarness } from './helpers.js';

let h: AuthHarness;
const tokens: Record<'admin' | 'purchaser' | 'accountant' | 'employee', string> = {
  admin: '',
  purchaser: '',
  accountant: '',
  employee: '',
};

beforeAll(async () => {
  h = await startAuth();
  tokens.admin = await h.signIn(ADMIN);
  tokens.purchaser = await h.signIn(PURCHASER);
  tokens.accountant = await h.signIn(ACCOUNTANT);
  tokens.employee = await h.signIn(EMPLOYEE);
});
afterAll(async () => h?.close());

type Who = keyof typeof tokens;
const call = (who: Who | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  h.app.inject({
    method,
    url,
    headers: who ? h.as(tokens[who]) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

let seq = 0;
const newMember = (over: Record<string, unknown> = {}) => {
  seq++;
  return {
    name: 'Anita Joshi',
    email: `anita.${seq}@example.com`,
    phoneNumber: `98${String(10000000 + seq).slice(-8)}`,
    status: 'active',
    role: 'Employee',
    notes: 'Site supervisor, Nashik',
    ...over,
  };
};

async function countMembers() {
  const r = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.members');
  return r.rows[0]!.n;
}

describe('team list', () => {
  it('lists members newest first with the total, 10 per page by default', async () => {
    const res = await call('admin', 'GET', '/auth/teamList');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBeGreaterThanOrEqual(4);
    expect(body.result.length).toBeLessThanOrEqual(10);
    expect(body.result.map((m: Member) => m.phoneNumber)).toEqual(
      expect.arrayContaining([ADMIN, PURCHASER, ACCOUNTANT, EMPLOYEE]),
    );
  });

  it('searches by name, email or number and filters by status', async () => {
    const byName = (await call('admin', 'GET', '/auth/teamList?keyword=kulkarni')).json();
    expect(byName.result.map((m: Member) => m.name)).toEqual(['Priya Kulkarni']);
    expect(byName.totalItems).toBe(1);
    const byPhone = (await call('admin', 'GET', '/auth/teamList?keyword=9000000004')).json();
    expect(byPhone.result[0].name).toBe('Sandeep Patil');
    const pct = (await call('admin', 'GET', '/auth/teamList?keyword=%25')).json();
    expect(pct.totalItems).toBe(0);
    const inactive = (await call('admin', 'GET', '/auth/teamList?status=inActive')).json();
    expect(inactive.result.every((m: Member) => m.status === 'inactive')).toBe(true);
  });

  it.each([
    '+91 90000 00004',
    '90000 00004',
    '+919000000004',
    '+91-90000-00004',
    '09000000004',
    '91 9000000004',
  ])('finds a member by a number typed the way the list shows it (%s)', async (keyword) => {
    const res = await call('admin', 'GET', `/auth/teamList?keyword=${encodeURIComponent(keyword)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((m: Member) => m.phoneNumber)).toEqual([EMPLOYEE]);
  });

  it('finds part of a number typed with +91 and spaces, and keeps the name and email search as it was', async () => {
    const part = (
      await call('admin', 'GET', `/auth/teamList?keyword=${encodeURIComponent('+91 90000 0000')}`)
    ).json();
    expect(part.result.map((m: Member) => m.phoneNumber)).toEqual(
      expect.arrayContaining([ADMIN, PURCHASER, ACCOUNTANT, EMPLOYEE]),
    );
    expect(
      (await call('admin', 'GET', '/auth/teamList?keyword=Sandeep%20Patil')).json().result[0].phoneNumber,
    ).toBe(EMPLOYEE);
    expect((await call('admin', 'GET', '/auth/teamList?keyword=%2B44%20123')).json().totalItems).toBe(0);
  });

  it('finds members whose names are written in Indian scripts or with punctuation', async () => {
    const names = ['श्री गणेश पवार', 'ಶ್ರೀ ಸಾಯಿ', "Anita D'Souza-Rao", 'R. K. Patil'];
    for (const name of names) {
      const res = await call('admin', 'POST', '/auth/createTeam', newMember({ name }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user.name).toBe(name);
    }
    const find = async (keyword: string) =>
      (await call('admin', 'GET', `/auth/teamList?keyword=${encodeURIComponent(keyword)}`))
        .json()
        .result.map((m: Member) => m.name);
    expect(await find('गणेश')).toEqual(['श्री गणेश पवार']);
    expect(await find('ಸಾಯಿ')).toEqual(['ಶ್ರೀ ಸಾಯಿ']);
    expect(await find("d'souza")).toEqual(["Anita D'Souza-Rao"]);
  });

  it('pages with limit and offset', async () => {
    const page1 = (await call('admin', 'GET', '/auth/teamList?limit=2&offset=0')).json();
    const page2 = (await call('admin', 'GET', '/auth/teamList?limit=2&offset=2')).json();
    expect(page1.result).toHaveLength(2);
    expect(page2.result[0]._id).not.toBe(page1.result[0]._id);
    const beyond = (await call('admin', 'GET', '/auth/teamList?limit=2&offset=500')).json();
    expect(beyond).toEqual({ result: [], totalItems: page1.totalItems });
  });

  it('refuses bad paging with 400', async () => {
    expect((await call('admin', 'GET', '/auth/teamList?limit=abc')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/auth/teamList?limit=0')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/auth/teamList?offset=-1')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/auth/teamList?status=gone')).statusCode).toBe(400);
  });

  it('filters by role: role=Employee answers only Employees, with the keyword and status too; an unknown role is 400', async () => {
    // Names take letters only: a word of letters unique to this run.
    const word = `Rolefilter${[...String(Date.now() % 100000)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
    const made: Record<string, string> = {};
    for (const [role, status] of [
      ['Employee', 'active'],
      ['Employee', 'inactive'],
      ['Purchaser', 'active'],
      ['Admin', 'active'],
    ] as const) {
      const res = await call(
        'admin',
        'POST',
        '/auth/createTeam',
        newMember({ name: `${word} ${role} ${status}`, role, status }),
      );
      expect(res.statusCode, res.body).toBe(201);
      made[`${role} ${status}`] = res.json().user._id;
    }
    const employees = (await call('admin', 'GET', '/auth/teamList?role=Employee&limit=100')).json();
    expect(employees.result.length).toBeGreaterThan(0);
    expect(employees.result.every((m: Member) => m.role === 'Employee')).toBe(true);
    expect(employees.result.map((m: Member) => m.phoneNumber)).toContain(EMPLOYEE);
    // As the project form's Employee picker asks it: active Employees matching what was typed.
    const picker = (
      await call(
        'admin',
        'GET',
        `/auth/teamList?role=Employee&status=active&keyword=${word.toLowerCase()}&limit=100&offset=0`,
      )
    ).json();
    expect(picker).toEqual({
      result: [expect.objectContaining({ _id: made['Employee active'], role: 'Employee', status: 'active' })],
      totalItems: 1,
    });
    const purchasers = (await call('admin', 'GET', `/auth/teamList?role=Purchaser&keyword=${word}`)).json();
    expect(purchasers.result.map((m: Member) => m._id)).toEqual([made['Purchaser active']]);
    for (const role of ['Manager', 'employee', 'Employee,Admin']) {
      const res = await call('admin', 'GET', `/auth/teamList?role=${encodeURIComponent(role)}`);
      expect(res.statusCode, role).toBe(400);
      expect(res.json()).toEqual({ message: 'Role must be Admin, Purchaser, Accountant or Employee' });
    }
  });

  it('refuses a search word with a NUL character with 400', async () => {
    const res = await call('admin', 'GET', '/auth/teamList?keyword=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'keyword contains a character that is not allowed' });
  });

  it('is open to members with team list read (Purchaser) and refused to the others', async () => {
    expect((await call('purchaser', 'GET', '/auth/teamList')).statusCode).toBe(200);
    const emp = await call('employee', 'GET', '/auth/teamList');
    expect(emp.statusCode).toBe(403);
    expect(emp.json()).toEqual({ message: 'You do not have read access to Team List' });
    expect((await call('accountant', 'GET', '/auth/teamList')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/auth/teamList')).statusCode).toBe(401);
  });
});

describe('team list with a count cap', () => {
  let capped: AuthHarness;
  let token: string;
  beforeAll(async () => {
    capped = await startAuth({}, { listCountCap: 2 });
    token = await capped.signIn(ADMIN);
  });
  afterAll(async () => capped?.close());
  const list = async (q: string) =>
    (
      await capped.app.inject({ method: 'GET', url: `/auth/teamList?${q}`, headers: capped.as(token) })
    ).json();

  it('a search matching more members than the cap answers the cap and says it is capped', async () => {
    const members = (await capped.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.members'))
      .rows[0]!.n;
    expect(members).toBeGreaterThan(3);
    const first = await list('limit=1');
    expect(first).toMatchObject({ totalItems: 2, totalCapped: true });
    expect(first.result).toHaveLength(1);
    // Paging on past the cap reaches every member once; the last page knows the exact total.
    const seen: string[] = [];
    let last: { result: Member[]; totalItems: number } | undefined;
    for (let offset = 0; offset < members; offset += 1) {
      last = await list(`limit=1&offset=${offset}`);
      seen.push(...last!.result.map((m) => m._id));
    }
    expect(new Set(seen).size).toBe(members);
    expect(last).toEqual({ result: [expect.objectContaining({})], totalItems: members });
  });

  it('a search matching no more members than the cap answers the exact total, with no totalCapped', async () => {
    const one = await list('keyword=kulkarni');
    expect(one).toEqual({ result: [expect.objectContaining({ name: 'Priya Kulkarni' })], totalItems: 1 });
  });
});

describe('member details', () => {
  it('shows one member with permissions and who created them', async () => {
    const created = (await call('admin', 'POST', '/auth/createTeam', newMember())).json().user as Member;
    const res = await call('admin', 'GET', `/auth/details/${created._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: created._id,
      name: 'Anita Joshi',
      createdBy: { name: 'Demo Admin' },
    });
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    const missing = await call('admin', 'GET', '/auth/details/7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Team member not found' });
    expect((await call('admin', 'GET', '/auth/details/not-an-id')).statusCode).toBe(400);
  });

  it('is refused to an Employee and an Accountant, and needs a session', async () => {
    const list = (await call('admin', 'GET', '/auth/teamList')).json();
    expect((await call('purchaser', 'GET', `/auth/details/${list.result[0]._id}`)).statusCode).toBe(200);
    expect((await call('employee', 'GET', `/auth/details/${list.result[0]._id}`)).statusCode).toBe(403);
    expect((await call('accountant', 'GET', `/auth/details/${list.result[0]._id}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/auth/details/${list.result[0]._id}`)).statusCode).toBe(401);
  });
});

describe('adding a member', () => {
  it('creates the member with the role defaults and lets them sign in', async () => {
    const body = newMember();
    const res = await call('admin', 'POST', '/auth/createTeam', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Team member created successfully');
    const user = res.json().user as Member;
    expect(user).toMatchObject({
      name: 'Anita Joshi',
      role: 'Employee',
      isAdmin: false,
      status: 'active',
      version: 1,
    });
    expect(user.permissions.modules.indent.subModules.create).toEqual({ read: true, write: true });
    expect(user.permissions.allProjects).toBe(false);
    const token = await h.signIn(body.phoneNumber);
    expect(
      (await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(token) })).json().user.name,
    ).toBe('Anita Joshi');
  });

  it('keeps the chosen permissions with write implying read', async () => {
    const res = await call(
      'admin',
      'POST',
      '/auth/createTeam',
      newMember({
        permissions: {
          allProjects: false,
          projects: [],
          modules: { po: { subModules: { open: { write: true } } } },
        },
      }),
    );
    const p = (res.json().user as Member).permissions;
    expect(p.modules.po.subModules.open).toEqual({ read: true, write: true });
    expect(p.modules.indent).toMatchObject({ read: false, write: false });
  });

  it('gives Purchasers, Accountants and Admins all projects whatever is sent', async () => {
    const res = await call(
      'admin',
      'POST',
      '/auth/createTeam',
      newMember({
        role: 'Accountant',
        permissions: { allProjects: false, projects: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'] },
      }),
    );
    expect((res.json().user as Member).permissions).toMatchObject({ allProjects: true, projects: [] });
    const admin = await call(
      'admin',
      'POST',
      '/auth/createTeam',
      newMember({ role: undefined, isAdmin: true }),
    );
    expect(admin.json().user).toMatchObject({ role: 'Admin', isAdmin: true });
  });

  it('accepts the spec status variants', async () => {
    const res = await call('admin', 'POST', '/auth/createTeam', newMember({ status: 'inActive' }));
    expect(res.json().user.status).toBe('inactive');
  });

  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: 'Anita 2' }, 'Name can contain letters, spaces, full stops, apostrophes and hyphens only'],
    [{ name: 'Anita & Co' }, 'Name can contain letters, spaces, full stops, apostrophes and hyphens only'],
    [{ name: ". '-" }, 'Name can contain letters, spaces, full stops, apostrophes and hyphens only'],
    [{ name: '   ' }, 'Name must be at least 2 characters'],
    [{ email: 'anita@' }, 'Please enter a valid email address'],
    [{ phoneNumber: '12345' }, 'Enter a valid 10-digit mobile number'],
    [{ status: 'sleeping' }, 'Status must be Active or Inactive'],
    [{ role: 'Boss' }, 'Role must be Admin, Purchaser, Accountant or Employee'],
    [{ name: 42 }, 'Name can contain letters, spaces, full stops, apostrophes and hyphens only'],
    [{ salary: 1 }, 'Unknown field: salary'],
    [{ permissions: { modules: { payroll: { read: true } } } }, 'Unknown field: payroll'],
    [
      { permissions: { modules: { team: { subModules: { payroll: { read: true } } } } } },
      'Unknown field: payroll',
    ],
    [{ notes: 'site\u0000office' }, 'notes contains a character that is not allowed'],
    [{ email: 'anita@example.com\u0000' }, 'email contains a character that is not allowed'],
  ])('refuses %j with 400 and stores nothing', async (over, message) => {
    const before = await countMembers();
    const res = await call('admin', 'POST', '/auth/createTeam', newMember(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countMembers()).toBe(before);
  });

  it('refuses a number or email that another member has, with 409', async () => {
    const first = newMember();
    await call('admin', 'POST', '/auth/createTeam', first);
    const samePhone = await call(
      'admin',
      'POST',
      '/auth/createTeam',
      newMember({ phoneNumber: first.phoneNumber }),
    );
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toEqual({ message: 'A team member with this mobile number already exists' });
    const sameEmail = await call(
      'admin',
      'POST',
      '/auth/createTeam',
      newMember({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: 'A team member with this email already exists' });
  });

  it('is for Admins only', async () => {
    for (const who of ['purchaser', 'accountant', 'employee'] as const) {
      const res = await call(who, 'POST', '/auth/createTeam', newMember());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only an Admin can manage team members' });
    }
    expect((await call(null, 'POST', '/auth/createTeam', newMember())).statusCode).toBe(401);
  });

  it('tells the other services about the new member', async () => {
    const seen: Array<{ memberId: string; role: string }> = [];
    await h.bus.subscribe({
      durable: 'test-members',
      subjects: ['erp.auth.member_upserted.v1'],
      handler: async (e) => void seen.push(e.data as never),
    });
    const user = (await call('admin', 'POST', '/auth/createTeam', newMember({ role: 'Purchaser' }))).json()
      .user as Member;
    await h.settle();
    await expect.poll(() => seen.some((s) => s.memberId === user._id && s.role === 'Purchaser')).toBe(true);
  });
});

describe('editing a member', () => {
  it('changes fields and bumps the version', async () => {
    const user = (await call('admin', 'POST', '/auth/createTeam', newMember())).json().user as Member;
    const res = await call('admin', 'PATCH', `/auth/${user._id}`, {
      name: 'Anita R Joshi',
      role: 'Purchaser',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Team member Updated successfully');
    expect(res.json().user).toMatchObject({ name: 'Anita R Joshi', role: 'Purchaser', version: 2 });
    expect(res.json().user.permissions.allProjects).toBe(true);
  });

  it('a save that changes nothing keeps the version, so another admin’s open form can still save', async () => {
    const user = (await call('admin', 'POST', '/auth/createTeam', newMember())).json().user as Member;
    const { name, email, phoneNumber, role, notes, permissions } = user;
    for (const body of [
      {},
      { version: 1 },
      { name: ` ${name} `, email, phoneNumber, role, notes, status: 'Active', permissions, version: 1 },
    ]) {
      const res = await call('admin', 'PATCH', `/auth/${user._id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ name, version: 1 });
    }
    const other = await call('admin', 'PATCH', `/auth/${user._id}`, { notes: 'changed', version: 1 });
    expect(other.json().user).toMatchObject({ notes: 'changed', version: 2 });
  });

  it('refuses a save based on a stale version with 409 and keeps the newer data', async () => {
    const user = (await call('admin', 'POST', '/auth/createTeam', newMember())).json().user as Member;
    await call('admin', 'PATCH', `/auth/${user._id}`, { notes: 'first edit', version: 1 });
    const stale = await call('admin', 'PATCH', `/auth/${user._id}`, { notes: 'second edit', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await call('admin', 'GET', `/auth/details/${user._id}`)).json().notes).toBe('first edit');
  });

  it('ends the sessions of a member who is deactivated', async () => {
    const body = newMember();
    const user = (await call('admin', 'POST', '/auth/createTeam', body)).json().user as Member;
    const token = await h.signIn(body.phoneNumber);
    const res = await call('admin', 'PATCH', `/auth/${user._id}`, { status: 'Inactive' });
    expect(res.json().user.status).toBe('inactive');
    const me = await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(token) });
    expect(me.statusCode).toBe(401);
  });

  it('does not let an Admin lock themselves out', async () => {
    const me = (await h.app.inject({ method: 'GET', url: '/auth/me', headers: h.as(tokens.admin) })).json()
      .user as Member;
    const off = await call('admin', 'PATCH', `/auth/${me._id}`, { status: 'inactive' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ message: 'You cannot deactivate your own account' });
    const demote = await call('admin', 'PATCH', `/auth/${me._id}`, { role: 'Employee' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'You cannot remove your own Admin role' });
  });

  it('refuses bad input, unknown members and non-admins', async () => {
    const user = (await call('admin', 'POST', '/auth/createTeam', newMember())).json().user as Member;
    expect((await call('admin', 'PATCH', `/auth/${user._id}`, { email: 'nope' })).json()).toEqual({
      message: 'Please enter a valid email address',
    });
    expect((await call('admin', 'PATCH', `/auth/${user._id}`, { phoneNumber: ADMIN })).statusCode).toBe(409);
    expect(
      (await call('admin', 'PATCH', '/auth/7c9e6679-7425-40de-944b-e07fc1f90ae7', { notes: 'x' })).statusCode,
    ).toBe(404);
    for (const who of ['purchaser', 'accountant', 'employee'] as const) {
      const res = await call(who, 'PATCH', `/auth/${user._id}`, { notes: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only an Admin can manage team members' });
    }
    expect((await call(null, 'PATCH', `/auth/${user._id}`, { notes: 'x' })).statusCode).toBe(401);
    const bad = [
      [{ notes: 'x\u0000' }, 'notes contains a character that is not allowed'],
      [
        { permissions: { modules: { indent: { subModules: { lists: { read: true } } } } } },
        'Unknown field: lists',
      ],
    ] as const;
    for (const [body, message] of bad) {
      const res = await call('admin', 'PATCH', `/auth/${user._id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await call('admin', 'GET', `/auth/details/${user._id}`)).json()).toMatchObject({
      notes: user.notes,
      version: user.version,
    });
  });
});

describe('dashboard count', () => {
  it('counts active members for any signed-in member', async () => {
    const res = await call('employee', 'GET', '/auth/stats');
    expect(res.statusCode).toBe(200);
    const active = (await call('admin', 'GET', '/auth/teamList?status=active&limit=1')).json().totalItems;
    expect(res.json()).toEqual({ totalTeam: active });
    expect((await call(null, 'GET', '/auth/stats')).statusCode).toBe(401);
  });
});
