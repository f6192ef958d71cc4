/**
 * Contract: mfe-indent's compare queue and compare screen (the real api/ files) against the indent service.
 * Provider states, which that service's provider test sets up (services/indent/test/http.provider.pact.test.ts);
 * the requests run as an Admin (the provider swaps in a real session, as the other providers do):
 * - 'the demo indents exist': at least one indent in every status (as in the indent list's contract);
 * - `indent ${COMPARE_ID} waits for comparison`: an indent of project PROJECT_ID on BOQ BOQ_ID, status
 *   'compare', version 1, with a line of ITEM_ID ('Cement OPC 53', bags) whose item has two active vendor
 *   prices, VENDOR_LOW (the lowest) and VENDOR_HIGH; the state returns `pricesVersion`, the fingerprint of
 *   the options as GET /indent/compare/{id} answers it, which the requests that send it inject.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { INDENT_MESSAGES } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { consumerContract } from '@erp/sdk/testing';
import { compareBody } from '../../shared/hooks/compare-logic';
import { getCompareQueue } from '../../shared/api/get-compare-queue';
import { getIndentCompare } from '../../shared/api/get-indent-compare';
import {
  actor,
  COMPARE_ID,
  compareMatcher,
  historyEntry,
  historyWith,
  indentOnScreen,
  ITEM_ID,
  lineMatcher,
  MISSING_ID,
  OLD_PRICES,
  optionMatcher,
  PRICES_EXAMPLE,
  PRICES_EXPRESSION,
  refused,
  summaryMatcher,
  TIME,
  VENDOR_HIGH,
  VENDOR_LOW,
} from '../../shared/api/pact-fixtures';
import { saveCompare } from './save-compare';

const { eachLike, integer, string, uuid, fromProviderState } = MatchersV3;

const contract = consumerContract('mfe-indent', 'indent-service');
const WAITING = `indent ${COMPARE_ID} waits for comparison`;

/** The compare answer as the screen holds it: no vendor chosen yet. */
const onScreen = (pricesVersion = PRICES_EXAMPLE, version = 1) => indentOnScreen({}, pricesVersion, version);

const lowest = new Map([[ITEM_ID, { vendorId: VENDOR_LOW, reason: '' }]]);
const reasoned = new Map([
  [ITEM_ID, { vendorId: VENDOR_HIGH, reason: 'Delivers with the steel on the same truck' }],
]);

/** The request body with the fingerprint injected by the provider (the consumer matches any string). */
const withInjectedPrices = (body: ReturnType<typeof compareBody>) => ({
  ...body,
  pricesVersion: fromProviderState(PRICES_EXPRESSION, PRICES_EXAMPLE),
});

describe('mfe-indent compare API client', () => {
  it('lists the compare queue: status compare, 100 from the first', async () => {
    await contract
      .interaction('the demo indents exist', 'a request for the indents waiting for comparison')
      .withRequest('GET', '/api/v1/indent', (b) => b.query({ status: 'compare', limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({ result: eachLike(summaryMatcher({ status: 'compare' })), totalItems: integer(1) }),
      )
      .executeTest(async () => {
        const page = await getCompareQueue();
        expect(page.result[0]!.status).toBe('compare');
        expect(page.result[0]!.items.totalQuantity).toBeGreaterThan(0);
      });
  });

  it('reads an indent with each line’s vendor options and the prices’ fingerprint', async () => {
    await contract
      .interaction(WAITING, 'a request for an indent to compare')
      .withRequest('GET', `/api/v1/indent/compare/${COMPARE_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody(
          compareMatcher({
            _id: COMPARE_ID,
            status: 'compare',
            items: eachLike(
              lineMatcher({
                itemId: ITEM_ID,
                vendors: [
                  optionMatcher({ vendorId: VENDOR_LOW, vendor: VENDOR_LOW, isLowest: true }),
                  optionMatcher({ vendorId: VENDOR_HIGH, vendor: VENDOR_HIGH, isLowest: false }),
                ],
              }),
            ),
          }),
        ),
      )
      .executeTest(async () => {
        const indent = await getIndentCompare(COMPARE_ID);
        expect(indent).toMatchObject({ _id: COMPARE_ID, status: 'compare', version: 1 });
        expect(indent.pricesVersion).toMatch(/^[0-9a-f]{24}$/);
        const line = indent.items.find((l) => l.itemId === ITEM_ID)!;
        expect(line.vendors.map((o) => o.vendorId)).toEqual([VENDOR_LOW, VENDOR_HIGH]);
        expect(line.vendors[0]!.isLowest).toBe(true);
      });
  });

  it('is told an indent that does not exist is not found', async () => {
    await contract
      .interaction('the demo indents exist', 'a request to compare an indent that does not exist')
      .withRequest('GET', `/api/v1/indent/compare/${MISSING_ID}`)
      .willRespondWith(404, (b) => b.jsonBody({ message: INDENT_MESSAGES.notFound }))
      .executeTest(async () => {
        const err = await getIndentCompare(MISSING_ID).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(404);
      });
  });

  it('saves the selections (Save Selections): the indent stays in compare, at a new version', async () => {
    const body = compareBody(onScreen(), reasoned, 'compare');
    await contract
      .interaction(WAITING, 'a request to save the vendor selections')
      .withRequest('POST', `/api/v1/indent/compare/${COMPARE_ID}`, (b) =>
        b.jsonBody(withInjectedPrices(body)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: INDENT_MESSAGES.saved,
          indent: compareMatcher({
            _id: COMPARE_ID,
            status: 'compare',
            version: integer(2),
            items: eachLike(
              lineMatcher({
                itemId: ITEM_ID,
                selectedVendor: VENDOR_HIGH,
                vendorName: string('Ambuja Dealers, Hadapsar'),
                reasonForSelection: 'Delivers with the steel on the same truck',
              }),
            ),
          }),
        }),
      )
      .executeTest(async () => {
        expect(body.items).toEqual([
          {
            itemId: ITEM_ID,
            selectedVendor: VENDOR_HIGH,
            reasonForSelection: 'Delivers with the steel on the same truck',
          },
        ]);
        const { message, indent } = await saveCompare(COMPARE_ID, body);
        expect(message).toBe(INDENT_MESSAGES.saved);
        expect(indent.status).toBe('compare');
        expect(indent.version).toBeGreaterThan(1);
        expect(indent.items.find((l) => l.itemId === ITEM_ID)!.selectedVendor).toBe(VENDOR_HIGH);
      });
  });

  it('sends the selections for approval (Send for Approval)', async () => {
    const body = compareBody(onScreen(), lowest, 'approval');
    await contract
      .interaction(WAITING, 'a request to send the vendor selections for approval')
      .withRequest('POST', `/api/v1/indent/compare/${COMPARE_ID}`, (b) =>
        b.jsonBody(withInjectedPrices(body)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: INDENT_MESSAGES.sentForApproval,
          indent: compareMatcher({
            _id: COMPARE_ID,
            status: 'approval',
            version: integer(2),
            submittedBy: actor,
            submittedAt: TIME,
            items: eachLike(
              lineMatcher({
                itemId: ITEM_ID,
                selectedVendor: uuid(VENDOR_LOW),
                vendorName: string('Shree Ganesh Cement Traders'),
                reasonForSelection: INDENT_MESSAGES.lowestSelected,
              }),
            ),
            history: historyWith(historyEntry('compare', 'approval')),
          }),
        }),
      )
      .executeTest(async () => {
        expect(body.items[0]!.reasonForSelection).toBe(INDENT_MESSAGES.lowestSelected);
        const { message, indent } = await saveCompare(COMPARE_ID, body);
        expect(message).toBe(INDENT_MESSAGES.sentForApproval);
        expect(indent.status).toBe('approval');
      });
  });

  it('is told the vendor prices changed since the page was opened (409)', async () => {
    const body = compareBody(onScreen(OLD_PRICES), lowest, 'compare');
    await refused(contract, {
      state: WAITING,
      description: 'a request to save selections made against older prices',
      method: 'POST',
      path: `/api/v1/indent/compare/${COMPARE_ID}`,
      body,
      status: 409,
      message: INDENT_MESSAGES.pricesChanged,
      call: () => saveCompare(COMPARE_ID, body),
    });
  });

  it('is told someone else changed the indent since it was read (409)', async () => {
    const body = compareBody(onScreen(PRICES_EXAMPLE, 7), lowest, 'compare');
    await refused(contract, {
      state: WAITING,
      description: 'a request to save selections on an older version of the indent',
      method: 'POST',
      path: `/api/v1/indent/compare/${COMPARE_ID}`,
      body: { ...body, pricesVersion: string(PRICES_EXAMPLE) },
      status: 409,
      message: INDENT_MESSAGES.stale,
      call: () => saveCompare(COMPARE_ID, body),
    });
  });
});
