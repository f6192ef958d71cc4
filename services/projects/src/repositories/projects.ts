import { randomUUID } from 'node:crypto';
import type { Project, ProjectEmployee, ProjectStatus } from '@erp/contracts';
import {
  cappedTotal,
  checkedPaging,
  containsPattern,
  countBound,
  generationSql,
  type CappedTotal,
  type Queryable,
} from '@erp/service-kit';

interface ProjectRow {
  id: string;
  project_code: string;
  name: string;
  location: string;
  start_date: string | null;
  target_completion_date: string | null;
  status: ProjectStatus;
  notes: string;
  boq_count: number;
  team_sequence: string;
  pending_team: PendingChange[];
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  created_by_name: string | null;
  version: number;
}

/** One change a team_set asked auth for, with the member's replica version when it was sent. */
export interface PendingChange {
  memberId: string;
  assigned: boolean;
  version: number;
}

/** What the project form carries once trimmed and checked. */
export interface ProjectInput {
  projectCode: string;
  name: string;
  location: string;
  startDate: string;
  targetCompletionDate: string;
  status: ProjectStatus;
  notes: string;
}

/** A member of the access replica, as the project screens need them. */
export interface ReplicaMember {
  memberId: string;
  name: string;
  email: string;
  status: string;
  role: string;
  allProjects: boolean;
  version: number;
}

/** A project as stored, before its team is added. */
export type StoredProject = Omit<Project, 'employees'> & {
  teamSequence: number;
  pendingTeam: PendingChange[];
};

export interface ProjectListQuery {
  keyword: string;
  status: ProjectStatus | null;
  /** Only these projects (an Employee's); null for every project. */
  only: string[] | null;
  limit: number;
  offset: number;
  cap?: number;
}

// Dates as text on both drivers (a date column would arrive as a local-time Date from pg).
const COLUMNS = `id, project_code, name, location, to_char(start_date, 'YYYY-MM-DD') AS start_date,
         to_char(target_completion_date, 'YYYY-MM-DD') AS target_completion_date, status, notes, boq_count,
         team_sequence::text AS team_sequence, pending_team, created_at, updated_at, created_by, created_by_name, version`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** A page of the list: its entries as a JSON array's text, and the capped total. */
export interface JsonPage extends CappedTotal {
  json: string;
  /** The data's generation as the page's own query saw it (decision 0019). */
  generation: string;
}

function toStored(row: ProjectRow): StoredProject {
  return {
    _id: row.id,
    projectCode: row.project_code,
    name: row.name,
    location: row.location,
    startDate: row.start_date ?? '',
    targetCompletionDate: row.target_completion_date ?? '',
    status: row.status,
    notes: row.notes,
    boqCount: row.boq_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by ? { _id: row.created_by, name: row.created_by_name ?? '' } : null,
    version: row.version,
    teamSequence: Number(row.team_sequence),
    pendingTeam: row.pending_team ?? [],
  };
}

export const PROJECT_CODE_PREFIX = 'PRJ-';
export function projectCode(n: number): string {
  return `${PROJECT_CODE_PREFIX}${String(n).padStart(4, '0')}`;
}
const SUGGESTED = /^PRJ-([0-9]{1,9})$/i;

interface MemberRow {
  member_id: string;
  name: string;
  email: string;
  status: string;
  role: string;
  all_projects: boolean;
  version: number;
}
const toMember = (r: MemberRow): ReplicaMember => ({
  memberId: r.member_id,
  name: r.name,
  email: r.email,
  status: r.status,
  role: r.role,
  allProjects: r.all_projects,
  version: r.version,
});
const MEMBER_COLUMNS = `m.member_id, m.name, m.email, m.status, m.role, coalesce((m.permissions ->> 'allProjects')::boolean, false) AS all_projects, m.version`;

export function projectsRepository(schema: string) {
  const replica = {
    /** Employees the replica shows on each of these projects (not those with every project). */
    async assigned(db: Queryable, projectIds: string[]): Promise<Map<string, ReplicaMember[]>> {
      const out = new Map<string, ReplicaMember[]>(projectIds.map((id) => [id, []]));
      if (projectIds.length === 0) return out;
      const res = await db.query<MemberRow & { project_id: string }>(
        `SELECT p.project_id, ${MEMBER_COLUMNS}
           FROM ${schema}.access_members m CROSS JOIN LATERAL jsonb_array_elements_text(m.permissions -> 'projects') AS p(project_id)
          WHERE m.permissions -> 'projects' ?| $1::text[] AND p.project_id = ANY($1::text[])
            AND m.role = 'Employee' AND coalesce((m.permissions ->> 'allProjects')::boolean, false) = false`,
        [projectIds],
      );
      for (const r of res.rows) out.get(r.project_id)?.push(toMember(r));
      return out;
    },

    async members(db: Queryable, ids: string[]): Promise<Map<string, ReplicaMember>> {
      if (ids.length === 0) return new Map();
      const res = await db.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM ${schema}.access_members m WHERE m.member_id = ANY($1::uuid[])`,
        [ids],
      );
      return new Map(res.rows.map((r) => [r.member_id, toMember(r)]));
    },
  };

  /**
   * A project's Employees (decision 0015): what the replica shows, with the changes of the last
   * team_set that the replica does not reflect yet (the member's version has not moved since).
   */
  function mergeTeam(
    fromReplica: ReplicaMember[],
    pending: PendingChange[],
    known: Map<string, ReplicaMember>,
  ): ReplicaMember[] {
    const team = new Map(fromReplica.map((m) => [m.memberId, m]));
    for (const c of pending) {
      const m = known.get(c.memberId);
      if (!m || m.version > c.version) continue;
      if (c.assigned) team.set(m.memberId, m);
      else team.delete(m.memberId);
    }
    return [...team.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.memberId.localeCompare(b.memberId),
    );
  }

  async function withTeams(
    db: Queryable,
    stored: StoredProject[],
  ): Promise<Array<StoredProject & { team: ReplicaMember[] }>> {
    const assigned = await replica.assigned(
      db,
      stored.map((p) => p._id),
    );
    const known = await replica.members(db, [
      ...new Set(stored.flatMap((p) => p.pendingTeam.map((c) => c.memberId))),
    ]);
    return stored.map((p) => ({ ...p, team: mergeTeam(assigned.get(p._id) ?? [], p.pendingTeam, known) }));
  }

  return {
    replica,
    mergeTeam,

    /**
     * A page of the project list (newest first) with its capped total, as JSON text from one query:
     * the page's ids first (an index scan that stops at the page, also deep in the list), then each
     * project's entry as PostgreSQL keeps it (migration 003, decision 0017: rebuilt on every write of
     * the project and on every change of its Employees in the access replica), joined; the capped
     * count only when the page is full. No row is parsed, mapped or serialized in Node.
     */
    async listJson(db: Queryable, q: ProjectListQuery): Promise<JsonPage> {
      const where: string[] = [];
      const params: unknown[] = [];
      if (q.keyword) {
        params.push(containsPattern(q.keyword));
        where.push(`search LIKE $${params.length}`);
      }
      if (q.status) {
        params.push(q.status);
        where.push(`status = $${params.length}`);
      }
      if (q.only) {
        params.push(q.only.filter((id) => /^[0-9a-f-]{36}$/i.test(id)));
        where.push(`id = ANY($${params.length}::uuid[])`);
      }
      const { limit, offset } = checkedPaging(q);
      const bound = countBound({ limit, offset, cap: q.cap });
      const filter = where.length > 0 ? `WHERE ${where.map((c) => `(${c})`).join(' AND ')}` : '';
      const res = await db.query<{ n: number; entries: string | null; g: string }>(
        `WITH page AS MATERIALIZED (
           SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC) AS ord FROM ${schema}.projects ${filter}
            ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}
         ), counted AS (
           SELECT count(*)::int AS n FROM page
         )
         SELECT CASE WHEN (SELECT n FROM counted) < ${limit} AND ((SELECT n FROM counted) > 0 OR ${offset} = 0) THEN ${offset} + (SELECT n FROM counted)
                     ELSE (SELECT count(*)::int FROM (SELECT 1 FROM ${schema}.projects ${filter} LIMIT ${bound + 1}) AS matches) END AS n,
                -- Each entry by its primary key (LIMIT 1 keeps the planner from scanning the table to hash it).
                (SELECT string_agg(p.entry, ',' ORDER BY pg.ord)
                   FROM page pg CROSS JOIN LATERAL (
                     SELECT list_head || ',"employees":[' || list_team || '],' || list_tail AS entry FROM ${schema}.projects WHERE id = pg.id LIMIT 1
                   ) AS p) AS entries,
                ${generationSql(schema)} AS g`,
        params,
      );
      const row = res.rows[0]!;
      return {
        json: `[${row.entries ?? ''}]`,
        generation: row.g,
        ...cappedTotal(row.n, { limit, offset, cap: q.cap }),
      };
    },

    async stored(db: Queryable, id: string, forUpdate = false): Promise<StoredProject | null> {
      const res = await db.query<ProjectRow>(
        `SELECT ${COLUMNS} FROM ${schema}.projects WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return res.rows[0] ? toStored(res.rows[0]) : null;
    },

    /** The stored project with its current team (replica merged with the unconfirmed team_set). */
    async withTeam(db: Queryable, p: StoredProject): Promise<StoredProject & { team: ReplicaMember[] }> {
      return (await withTeams(db, [p]))[0]!;
    },

    /** True when another project has this code (case ignored). */
    async codeTaken(db: Queryable, code: string, exceptId: string | null): Promise<boolean> {
      const res = await db.query(
        `SELECT 1 FROM ${schema}.projects WHERE lower(project_code) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
        [code, exceptId],
      );
      return res.rows.length > 0;
    },

    /** The next PRJ-NNNN code after the highest one given out, skipping any typed in by hand. */
    async nextCode(db: Queryable): Promise<string> {
      const seq = await db.query<{ n: string }>(
        `SELECT (CASE WHEN is_called THEN last_value ELSE last_value - 1 END)::text AS n FROM ${schema}.project_code_seq`,
      );
      let n = Number(seq.rows[0]!.n) + 1;
      for (;;) {
        const taken = await db.query<{ code: string }>(
          `SELECT lower(project_code) AS code FROM ${schema}.projects WHERE lower(project_code) = ANY($1::text[])`,
          [Array.from({ length: 20 }, (_, i) => projectCode(n + i).toLowerCase())],
        );
        const set = new Set(taken.rows.map((r) => r.code));
        for (let i = 0; i < 20; i++, n++) if (!set.has(projectCode(n).toLowerCase())) return projectCode(n);
      }
    },

    async insert(
      db: Queryable,
      input: ProjectInput,
      actor: { id: string; name: string } | null,
      id: string = randomUUID(),
    ): Promise<string> {
      await db.query(
        `INSERT INTO ${schema}.projects (id, project_code, name, location, start_date, target_completion_date, status, notes, created_by, created_by_name, updated_by)
         VALUES ($1, $2, $3, $4, nullif($5, '')::date, nullif($6, '')::date, $7, $8, $9, $10, $9)`,
        [
          id,
          input.projectCode,
          input.name,
          input.location,
          input.startDate,
          input.targetCompletionDate,
          input.status,
          input.notes,
          actor?.id ?? null,
          actor?.name ?? null,
        ],
      );
      return id;
    },

    /**
     * A PRJ-NNNN code saved: the suggestion moves past it. setval is not undone by a rollback, so
     * callers run this last in their transaction, once nothing else can refuse the save.
     */
    async codeUsed(db: Queryable, code: string): Promise<void> {
      const m = SUGGESTED.exec(code);
      if (!m) return;
      await db.query(
        `SELECT setval('${schema}.project_code_seq', GREATEST($1::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${schema}.project_code_seq)))`,
        [Number(m[1])],
      );
    },

    async update(db: Queryable, id: string, input: ProjectInput, actorId: string): Promise<void> {
      await db.query(
        `UPDATE ${schema}.projects SET project_code = $2, name = $3, location = $4, start_date = nullif($5, '')::date,
                target_completion_date = nullif($6, '')::date, status = $7, notes = $8, updated_by = $9, updated_at = now(), version = version + 1
          WHERE id = $1`,
        [
          id,
          input.projectCode,
          input.name,
          input.location,
          input.startDate,
          input.targetCompletionDate,
          input.status,
          input.notes,
          actorId,
        ],
      );
    },

    /** Record a team_set sent: its sequence (returned) and the changes the replica does not show yet. */
    async teamSent(db: Queryable, id: string, pending: PendingChange[]): Promise<number> {
      const res = await db.query<{ seq: string }>(
        `UPDATE ${schema}.projects SET team_sequence = team_sequence + 1, pending_team = $2::jsonb WHERE id = $1 RETURNING team_sequence::text AS seq`,
        [id, JSON.stringify(pending)],
      );
      return Number(res.rows[0]!.seq);
    },

    /** A team change alone (no field changed) still makes a new version of the project. */
    async touch(db: Queryable, id: string, actorId: string): Promise<void> {
      await db.query(
        `UPDATE ${schema}.projects SET updated_by = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
        [id, actorId],
      );
    },
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;

export function toEmployee(m: ReplicaMember): ProjectEmployee {
  return { _id: m.memberId, name: m.name, email: m.email, status: m.status };
}

export function toProject(p: StoredProject & { team: ReplicaMember[] }): Project {
  const { teamSequence: _s, pendingTeam: _p, team, ...rest } = p;
  return { ...rest, employees: team.map(toEmployee) };
}
