/**
 * What the compare and approval contracts share (test code only): the ids the provider states set
 * up and the matchers of an indent with its vendor options.
 */
import type { IndentCompare, IndentLine } from '@erp/contracts';
import { MatchersV3 } from '@pact-foundation/pact';
import type { ApiError } from '@erp/sdk';
import type { ConsumerContract } from '@erp/sdk/testing';
import { expect } from 'vitest';
import { line, option } from '../hooks/test-lines';

const { like, eachLike, arrayContaining, uuid, regex, integer, number, string, boolean } = MatchersV3;

export const PROJECT_ID = '7b1e4c2a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';
export const BOQ_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
/** 'Cement OPC 53' (bags), with two active vendor prices: VENDOR_LOW the lowest, VENDOR_HIGH not. */
export const ITEM_ID = '00000000-0000-4000-8000-000000000001';
export const VENDOR_LOW = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
export const VENDOR_HIGH = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';
/** Waits for comparison, at version 1. */
export const COMPARE_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
/** Waits for approval, at version 1; the purchaser chose VENDOR_HIGH for ITEM_ID with a reason. */
export const APPROVAL_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
export const MISSING_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
/** A fingerprint no prices have (a save with it finds the prices changed). */
export const OLD_PRICES = '000000000000000000000000';
/** The fingerprint of the options as the provider state computes them, injected by the provider. */
export const PRICES_EXPRESSION = '${pricesVersion}';
export const PRICES_EXAMPLE = '9f3a1c2b4d5e6f708192a3b4';

const STATUS = '^(draft|compare|approval|approved)$';
export const TIME = string('2026-11-25T10:00:00.000Z');
export const actor = like({ _id: uuid(), name: string('Priya Kulkarni') });

// Rupees as numbers: a whole-rupee price (VENDOR_HIGH's ₹395) travels as an integer, so not decimal().
export const optionMatcher = (over: Record<string, unknown> = {}) => ({
  vendorId: uuid(VENDOR_LOW),
  vendor: uuid(VENDOR_LOW),
  vendorName: string('Shree Ganesh Cement Traders'),
  price: number(380.25),
  gst: number(68.45),
  totalPrice: number(448.7),
  isLowest: boolean(true),
  status: 'active',
  ...over,
});

export const lineMatcher = (over: Record<string, unknown> = {}) => ({
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
  vendors: eachLike(optionMatcher()),
  ...over,
});

export const indentMatcher = (over: Record<string, unknown> = {}) => ({
  _id: uuid(COMPARE_ID),
  indentId: regex('^IND-[0-9]{6,}$', 'IND-000003'),
  title: string('Slab casting, floor 11'),
  name: string('Slab casting, floor 11'),
  status: regex(STATUS, 'compare'),
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
  location: string('Tower A, floor 11'),
  neededBy: regex('^[0-9]{4}-[0-9]{2}-[0-9]{2}$', '2026-12-09'),
  notes: string(''),
  createdBy: actor,
  createdAt: TIME,
  updatedAt: TIME,
  // Waiting for comparison: whoever sent it for comparison, and when.
  submittedBy: actor,
  submittedAt: TIME,
  reworkComment: null,
  version: integer(1),
  items: eachLike(lineMatcher()),
  itemCount: integer(1),
  totalQuantity: number(120.5),
  quantityByUnit: eachLike({ unit: string('bags'), quantity: number(120.5) }),
  pos: [],
  history: eachLike({ at: TIME, by: actor, from: null, to: regex(STATUS, 'compare'), comment: string('') }),
  fleet: [],
  ...over,
});

/** One entry of an indent's history; `from` null is the entry that raised it. */
export const historyEntry = (from: string | null, to: string, comment = '') => ({
  at: TIME,
  by: actor,
  from: from === null ? null : regex(STATUS, from),
  to: regex(STATUS, to),
  comment: string(comment),
});

/**
 * The history of an indent past its first step: the entry that raised it and the later ones given.
 * arrayContaining, not eachLike: eachLike holds every entry to one example, and the first entry's
 * `from` is null where a later one's is a status (Pact has no "string or null").
 */
export const historyWith = (...later: ReturnType<typeof historyEntry>[]) =>
  arrayContaining(historyEntry(null, 'compare'), ...later);

/** The compare answer: the indent and its prices' fingerprint. */
export const compareMatcher = (over: Record<string, unknown> = {}) => ({
  ...indentMatcher(),
  pricesVersion: regex('^[0-9a-f]{24}$', PRICES_EXAMPLE),
  ...over,
});

export const summaryMatcher = (over: Record<string, unknown> = {}) => {
  const {
    items: _items,
    itemCount: _count,
    totalQuantity: _total,
    quantityByUnit: _byUnit,
    pos: _pos,
    history: _history,
    fleet: _fleet,
    ...head
  } = indentMatcher();
  return {
    ...head,
    items: like({
      count: integer(4),
      totalQuantity: number(13595),
      totalAmount: number(0),
      byUnit: eachLike({ unit: string('bags'), quantity: number(250) }),
    }),
    overBoqLines: integer(1),
    poCount: integer(0),
    ...over,
  };
};

/**
 * The compare answer as the screen holds it, what the request bodies are built from: one line of
 * ITEM_ID with VENDOR_LOW's (the lowest) and VENDOR_HIGH's options, and no vendor chosen unless
 * `over` says so.
 */
export function indentOnScreen(
  over: Partial<IndentLine> = {},
  pricesVersion = PRICES_EXAMPLE,
  version = 1,
): Pick<IndentCompare, 'items' | 'pricesVersion' | 'version'> {
  const vendors = [option(VENDOR_LOW, 380, 68.4, true), option(VENDOR_HIGH, 395, 71.1, false)];
  const cement = { _id: 'line-1', itemName: 'Cement OPC 53', quantity: 120.5, vendors };
  return { items: [line(ITEM_ID, { ...cement, ...over })], pricesVersion, version };
}

export interface Refusal {
  state: string;
  description: string;
  method: 'POST' | 'PUT';
  path: string;
  /** The request's body (matchers allowed). */
  body: unknown;
  status: number;
  /** The service's message, which the API call rejects with. */
  message: string;
  /** The app's API call that sends the request. */
  call: () => Promise<unknown>;
}

/** A request the service refuses (409, 400): its answer is `{ message }`, and the app's call rejects with that ApiError. */
export function refused(contract: ConsumerContract, r: Refusal) {
  return contract
    .interaction(r.state, r.description)
    .withRequest(r.method, r.path, (b) => b.jsonBody(r.body))
    .willRespondWith(r.status, (b) => b.jsonBody({ message: r.message }))
    .executeTest(async () => {
      const err = await r.call().catch((e: unknown) => e);
      expect((err as ApiError).status).toBe(r.status);
      expect((err as ApiError).message).toBe(r.message);
    });
}
