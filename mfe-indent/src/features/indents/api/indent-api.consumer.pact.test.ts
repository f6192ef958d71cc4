/**
 * Contract: mfe-indent's indent list, detail and form (the real api/ files) against the indent service.
 * Provider states, which that service's provider test sets up (services/indent/test/http.provider.pact.test.ts);
 * the requests run as an Admin (the provider swaps in a real session, as the other providers do):
 * - 'the demo indents exist': indents of project PROJECT_ID (PRJ-0001, 'Skyline Residency, Pune') on
 *   BOQ_ID (BOQ-0001), at least one in every status; one waiting for comparison has 'Cement' in its title;
 * - `draft indent ${DRAFT_ID} exists`: a draft at version 1 of that project and BOQ, never sent on, with a
 *   line of ITEM_ID ('Cement OPC 53', bags, a line of that BOQ), created by the member the requests run as;
 * - `draft indent ${DRAFT_ID} was changed after version 1`: the same draft, now at version 2;
 * - `approved indent ${APPROVED_ID} with its purchase orders exists`: approved, its lines with vendor and
 *   locked price (each item a line of the BOQ), at least one PO on it and its history (created, sent for
 *   comparison, for approval, approved);
 * - `confirmed BOQ ${BOQ_ID} of project ${PROJECT_ID} with item ${ITEM_ID} exists`: what a new indent
 *   needs (the project, its confirmed BOQ and the item in the item master).
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { INDENT_MESSAGES } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { lineFromItem, valuesToBody, type IndentFormValues } from '../hooks/indent-form-values';
import { getIndent } from './get-indent';
import { getIndentList } from './get-indent-list';
import { createIndent, updateIndent } from './save-indent';

const { like, eachLike, arrayContaining, uuid, regex, integer, number, string, boolean } = MatchersV3;

const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
const BOQ_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const ITEM_ID = '00000000-0000-4000-8000-000000000001';
const DRAFT_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const APPROVED_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const MISSING_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const STATUS = '^(draft|compare|approval|approved)$';
const TIME = string('2026-11-25T10:00:00.000Z');
const actor = like({ _id: uuid(), name: string('Demo Admin') });

const head = (over: Record<string, unknown> = {}) => ({
  _id: uuid(DRAFT_ID),
  indentId: regex('^IND-[0-9]{6,}$', 'IND-000001'),
  title: string('Cement and steel for slab 4'),
  name: string('Cement and steel for slab 4'),
  status: regex(STATUS, 'draft'),
  projectId: like({
    _id: uuid(PROJECT_ID),
    name: string('Skyline Residency, Pune'),
    projectCode: regex('^PRJ-[0-9]{4,}$', 'PRJ-0001'),
  }),
  boqId: like({
    _id: uuid(BOQ_ID),
    boqId: regex('^BOQ-[0-9]{4,}$', 'BOQ-0001'),
    name: string('Civil and structural works, Tower A'),
  }),
  location: string('Tower A, level 4'),
  // neededBy (a date or null) is matched only where the request sets it: Pact has no "string or null".
  notes: string(''),
  createdBy: actor,
  createdAt: TIME,
  updatedAt: TIME,
  submittedBy: null,
  submittedAt: null,
  reworkComment: null,
  version: integer(1),
  ...over,
});

const summaryMatcher = (over: Record<string, unknown> = {}) => ({
  ...head(),
  items: like({
    count: integer(2),
    totalQuantity: number(920.5),
    totalAmount: number(0),
    byUnit: eachLike({ unit: string('bags'), quantity: number(120.5) }),
  }),
  overBoqLines: integer(0),
  poCount: integer(0),
  ...over,
});

const lineMatcher = (over: Record<string, unknown> = {}) => ({
  _id: string('line-1'),
  itemId: uuid(ITEM_ID),
  itemName: string('Cement OPC 53'),
  unit: string('bags'),
  quantity: number(120.5),
  remark: string(''),
  boq: like({ plannedQty: number(14800.5), balanceQuantity: number(14680) }),
  overBoq: number(0),
  selectedVendor: null,
  vendorName: null,
  reasonForSelection: string(''),
  approverReason: string(''),
  price: null,
  gst: null,
  vendors: [],
  ...over,
});

const historyMatcher = {
  at: TIME,
  by: like({ _id: uuid(), name: string('Demo Admin') }),
  from: null,
  to: regex(STATUS, 'draft'),
  comment: string(''),
};

const indentMatcher = (over: Record<string, unknown> = {}) => ({
  ...head(),
  items: eachLike(lineMatcher()),
  itemCount: integer(1),
  totalQuantity: number(120.5),
  quantityByUnit: eachLike({ unit: string('bags'), quantity: number(120.5) }),
  pos: [],
  history: eachLike(historyMatcher),
  fleet: [],
  ...over,
});

const contract = consumerContract('mfe-indent', 'indent-service');

/** The form as a site engineer fills it: one line of cement. */
function formValues(): IndentFormValues {
  return {
    title: 'Cement for slab 4',
    project: { _id: PROJECT_ID, name: 'Skyline Residency, Pune', projectCode: 'PRJ-0001' },
    boq: { _id: BOQ_ID, boqId: 'BOQ-0001', name: 'Civil and structural works, Tower A' },
    location: 'Tower A, level 4',
    neededBy: '2026-12-01',
    notes: 'Deliver before 10 am',
    items: [
      {
        ...lineFromItem({ _id: ITEM_ID, name: 'Cement OPC 53', unit: 'bags' }),
        quantity: '120.5',
        remark: 'Columns',
      },
    ],
  };
}

describe('mfe-indent indent API client', () => {
  it('lists the first page of indents, every status (the list’s defaults)', async () => {
    // Rows of every status: submittedBy/submittedAt are null for a draft never sent and set for the
    // others (Pact has no "or null"), so they are matched only where the status is known.
    const { submittedBy: _by, submittedAt: _at, ...anyStatus } = summaryMatcher();
    await contract
      .interaction('the demo indents exist', 'a request for the first page of indents')
      .withRequest('GET', '/api/v1/indent', (b) => b.query({ limit: '10', offset: '0', status: 'all' }))
      .willRespondWith(200, (b) => b.jsonBody({ result: eachLike(anyStatus), totalItems: integer(4) }))
      .executeTest(async () => {
        const page = await getIndentList({ page: 1, keyword: '', status: null, projectId: null, sort: '' });
        expect(page.totalItems).toBeGreaterThan(0);
        expect(page.result[0]!.indentId).toMatch(/^IND-/);
        expect(page.result[0]!.items.count).toBeGreaterThan(0);
      });
  });

  it('searches one status of one project, newest update first', async () => {
    await contract
      .interaction(
        'the demo indents exist',
        'a search of the indents waiting for comparison in a project, by last update',
      )
      .withRequest('GET', '/api/v1/indent', (b) =>
        b.query({
          limit: '10',
          offset: '0',
          keyword: 'Cement',
          status: 'compare',
          projectId: PROJECT_ID,
          sort: 'updatedAt',
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(
            summaryMatcher({
              status: 'compare',
              projectId: like({
                _id: PROJECT_ID,
                name: string('Skyline Residency, Pune'),
                projectCode: string('PRJ-0001'),
              }),
              submittedBy: actor,
              submittedAt: TIME,
            }),
          ),
          totalItems: integer(1),
        }),
      )
      .executeTest(async () => {
        const page = await getIndentList({
          page: 1,
          keyword: ' Cement ',
          status: 'compare',
          projectId: PROJECT_ID,
          sort: 'updatedAt',
        });
        expect(page.result[0]).toMatchObject({ status: 'compare', projectId: { _id: PROJECT_ID } });
      });
  });

  it('reads a draft with its lines, each with its BOQ balance and how far it goes beyond it', async () => {
    await contract
      .interaction(`draft indent ${DRAFT_ID} exists`, 'a request for a draft indent')
      .withRequest('GET', `/api/v1/indent/${DRAFT_ID}`)
      .willRespondWith(200, (b) => b.jsonBody(indentMatcher({ _id: DRAFT_ID, status: 'draft' })))
      .executeTest(async () => {
        const indent = await getIndent(DRAFT_ID);
        expect(indent).toMatchObject({ _id: DRAFT_ID, status: 'draft', pos: [] });
        expect(indent.items[0]).toMatchObject({ itemId: ITEM_ID, unit: 'bags' });
        expect(typeof indent.items[0]!.overBoq).toBe('number');
        expect(indent.version).toBeGreaterThan(0);
      });
  });

  it('reads an approved indent with vendors, locked prices, its purchase orders and its history', async () => {
    await contract
      .interaction(
        `approved indent ${APPROVED_ID} with its purchase orders exists`,
        'a request for an approved indent',
      )
      .withRequest('GET', `/api/v1/indent/${APPROVED_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody(
          indentMatcher({
            _id: APPROVED_ID,
            status: 'approved',
            submittedBy: actor,
            submittedAt: TIME,
            items: eachLike(
              lineMatcher({
                selectedVendor: uuid(),
                vendorName: string('Shree Ganesh Cement Traders'),
                reasonForSelection: string('Lowest price selected'),
                price: number(380),
                gst: number(106.4),
              }),
            ),
            pos: eachLike({
              _id: uuid(),
              id: uuid(),
              poNumber: regex('^PO-[0-9]{6,}$', 'PO-000001'),
              vendor: string('Shree Ganesh Cement Traders'),
              vendorId: uuid(),
              items: integer(1),
              amount: number(58_383.2),
              status: regex('^(Open|Partial|Closed|open|partial|closed)$', 'Open'),
              orderDate: TIME,
            }),
            // The entry that raised it (from null) and the approval: eachLike would hold every entry
            // to one example, and only the first entry's `from` is null.
            history: arrayContaining(historyMatcher, {
              ...historyMatcher,
              from: regex(STATUS, 'approval'),
              to: regex(STATUS, 'approved'),
            }),
            fleet: eachLike(
              {
                vendorId: uuid(),
                vendorName: string('Shree Ganesh Cement Traders'),
                amount: number(0),
                gst: number(0),
                free: boolean(true),
              },
              0,
            ),
          }),
        ),
      )
      .executeTest(async () => {
        const indent = await getIndent(APPROVED_ID);
        expect(indent.status).toBe('approved');
        expect(indent.pos[0]!.poNumber).toMatch(/^PO-/);
        expect(indent.items[0]!.vendorName).toBeTruthy();
        expect(indent.items[0]!.price).not.toBeNull();
        expect(indent.history.at(-1)!.to).toBe('approved');
      });
  });

  it('is told an indent that does not exist is not found', async () => {
    await contract
      .interaction('the demo indents exist', 'a request for an indent that does not exist')
      .withRequest('GET', `/api/v1/indent/${MISSING_ID}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: INDENT_MESSAGES.notFound }))
      .executeTest(async () => {
        const err = await getIndent(MISSING_ID).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(404);
        expect((err as ApiError).message).toBe(INDENT_MESSAGES.notFound);
      });
  });

  it('saves a new indent as a draft (Save Draft)', async () => {
    const body = valuesToBody(formValues(), 'draft');
    await contract
      .interaction(
        `confirmed BOQ ${BOQ_ID} of project ${PROJECT_ID} with item ${ITEM_ID} exists`,
        'a request to save a new indent as a draft',
      )
      .withRequest('POST', '/api/v1/indent', (b) => b.jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string(INDENT_MESSAGES.draftSaved),
          indent: indentMatcher({
            _id: uuid(),
            title: 'Cement for slab 4',
            name: 'Cement for slab 4',
            status: 'draft',
            location: 'Tower A, level 4',
            neededBy: '2026-12-01',
            notes: 'Deliver before 10 am',
            items: eachLike(lineMatcher({ quantity: 120.5, remark: 'Columns' })),
          }),
        }),
      )
      .executeTest(async () => {
        const { indent } = await createIndent(body);
        expect(indent).toMatchObject({
          status: 'draft',
          title: 'Cement for slab 4',
          neededBy: '2026-12-01',
          projectId: { _id: PROJECT_ID },
          boqId: { _id: BOQ_ID },
        });
        expect(indent.items[0]).toMatchObject({ itemId: ITEM_ID, quantity: 120.5, remark: 'Columns' });
      });
  });

  it('raises a new indent and sends it for comparison (Send for Comparison)', async () => {
    const body = valuesToBody(formValues(), 'compare');
    await contract
      .interaction(
        `confirmed BOQ ${BOQ_ID} of project ${PROJECT_ID} with item ${ITEM_ID} exists`,
        'a request to raise an indent and send it for comparison',
      )
      .withRequest('POST', '/api/v1/indent', (b) => b.jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          message: string(INDENT_MESSAGES.added),
          indent: indentMatcher({ _id: uuid(), status: 'compare', submittedBy: actor, submittedAt: TIME }),
        }),
      )
      .executeTest(async () => {
        const { indent } = await createIndent(body);
        expect(indent.status).toBe('compare');
      });
  });

  it('is told, in the form’s own words, that an indent needs an item', async () => {
    const body = valuesToBody({ ...formValues(), items: [] }, 'compare');
    await contract
      .interaction(
        `confirmed BOQ ${BOQ_ID} of project ${PROJECT_ID} with item ${ITEM_ID} exists`,
        'a request to raise an indent without items',
      )
      .withRequest('POST', '/api/v1/indent', (b) => b.jsonBody(body))
      .willRespondWith(400, (b) => b.jsonBody({ message: INDENT_MESSAGES.items }))
      .executeTest(async () => {
        const err = await createIndent(body).catch((e: unknown) => e);
        expect((err as ApiError).status).toBe(400);
        expect((err as ApiError).message).toBe('Please add at least one item');
      });
  });

  it('saves a draft again with the version it was read at', async () => {
    const body = { ...valuesToBody(formValues(), 'draft'), version: 1 };
    await contract
      .interaction(`draft indent ${DRAFT_ID} exists`, 'a request to save a draft indent again')
      .withRequest('PUT', `/api/v1/indent/${DRAFT_ID}`, (b) => b.jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: string(INDENT_MESSAGES.draftSaved),
          indent: indentMatcher({
            _id: DRAFT_ID,
            status: 'draft',
            title: 'Cement for slab 4',
            name: 'Cement for slab 4',
            version: integer(2),
          }),
        }),
      )
      .executeTest(async () => {
        const { indent } = await updateIndent({ id: DRAFT_ID, body });
        expect(indent).toMatchObject({ _id: DRAFT_ID, status: 'draft', title: 'Cement for slab 4' });
        expect(indent.version).toBeGreaterThan(1);
      });
  });

  it('is told a save from an old version came too late (409)', async () => {
    const body = { ...valuesToBody(formValues(), 'compare'), version: 1 };
    await contract
      .interaction(
        `draft indent ${DRAFT_ID} was changed after version 1`,
        'a request to send a draft indent read at an old version',
      )
      .withRequest('PUT', `/api/v1/indent/${DRAFT_ID}`, (b) => b.jsonBody(body))
      .willRespondWith(409, (b) => b.jsonBody({ message: INDENT_MESSAGES.stale }))
      .executeTest(async () => {
        const err = await updateIndent({ id: DRAFT_ID, body }).catch((e: unknown) => e);
        expect((err as ApiError).status).toBe(409);
        // The form kit shows a 409 "changed by someone else" as its stale-save banner.
        expect((err as ApiError).message).toMatch(/changed by someone else/i);
      });
  });
});
