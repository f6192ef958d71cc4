/**
 * Contract: mfe-indent's approval queue and review (the real api/ files) against the indent service.
 * Provider states, which that service's provider test sets up (services/indent/test/http.provider.pact.test.ts);
 * the requests run as an Admin (the provider swaps in a real session, as the other providers do):
 * - 'the demo indents exist': at least one indent in every status (as in the indent list's contract);
 * - `indent ${APPROVAL_ID} waits for approval`: an indent of project PROJECT_ID, status 'approval',
 *   version 1, submitted by the purchaser, with a line of ITEM_ID ('Cement OPC 53', bags) for which the
 *   purchaser chose VENDOR_HIGH (not the lowest; VENDOR_LOW is) with a reason; VENDOR_HIGH's price is
 *   ₹395 and GST ₹71.10 per bag. The state returns `pricesVersion`, the fingerprint of the options as
 *   GET /indent/compare/{id} answers it, which the requests that send it inject.
 * The review reads the indent through GET /indent/compare/{id}, whose contract is the compare screen's.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { INDENT_MESSAGES } from '@erp/contracts';
import { consumerContract } from '@erp/sdk/testing';
import { getIndentCompare } from '../../shared/api/get-indent-compare';
import {
  actor,
  APPROVAL_ID,
  compareMatcher,
  historyEntry,
  historyWith,
  indentMatcher,
  indentOnScreen,
  ITEM_ID,
  lineMatcher,
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
import { approvalBody, purchaserChoice } from '../hooks/approval-logic';
import { approveIndent } from './approve-indent';
import { getApprovalQueue } from './get-approval-queue';
import { reworkIndent } from './rework-indent';
import { saveFleet } from './save-fleet';

const { eachLike, integer, number, string, uuid, decimal, boolean, fromProviderState } = MatchersV3;

const contract = consumerContract('mfe-indent', 'indent-service');
const WAITING = `indent ${APPROVAL_ID} waits for approval`;
const PURCHASER_REASON = 'Delivers with the steel on the same truck';

/** The review's indent as the screen holds it: the purchaser chose VENDOR_HIGH with a reason. */
const onScreen = (pricesVersion = PRICES_EXAMPLE) =>
  indentOnScreen(
    {
      selectedVendor: VENDOR_HIGH,
      vendorName: 'Ambuja Dealers, Hadapsar',
      reasonForSelection: PURCHASER_REASON,
    },
    pricesVersion,
  );

/** The approver keeps the purchaser's choices. */
function kept(indent = onScreen()) {
  return approvalBody(indent, new Map(indent.items.map((l) => [l.itemId, purchaserChoice(l)])));
}

describe('mfe-indent approval API client', () => {
  it('lists the approval queue: status approval, 100 from the first, with submitter and Over-BOQ count', async () => {
    await contract
      .interaction('the demo indents exist', 'a request for the indents waiting for approval')
      .withRequest('GET', '/api/v1/indent', (b) => b.query({ status: 'approval', limit: '100', offset: '0' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          result: eachLike(summaryMatcher({ status: 'approval', submittedBy: actor, submittedAt: TIME })),
          totalItems: integer(1),
        }),
      )
      .executeTest(async () => {
        const page = await getApprovalQueue();
        expect(page.result[0]).toMatchObject({ status: 'approval' });
        expect(page.result[0]!.submittedBy?.name).toBeTruthy();
        expect(typeof page.result[0]!.overBoqLines).toBe('number');
      });
  });

  it('reads the indent under review with the purchaser’s choices and reasons', async () => {
    await contract
      .interaction(WAITING, 'a request for an indent to review')
      .withRequest('GET', `/api/v1/indent/compare/${APPROVAL_ID}`)
      .willRespondWith(200, (b) =>
        b.jsonBody(
          compareMatcher({
            _id: APPROVAL_ID,
            status: 'approval',
            submittedBy: actor,
            submittedAt: TIME,
            items: eachLike(
              lineMatcher({
                itemId: ITEM_ID,
                selectedVendor: VENDOR_HIGH,
                vendorName: string('Ambuja Dealers, Hadapsar'),
                reasonForSelection: string(PURCHASER_REASON),
                vendors: [
                  optionMatcher({ vendorId: VENDOR_LOW, vendor: VENDOR_LOW, isLowest: true }),
                  optionMatcher({
                    vendorId: VENDOR_HIGH,
                    vendor: VENDOR_HIGH,
                    price: 395,
                    gst: 71.1,
                    totalPrice: 466.1,
                    isLowest: false,
                  }),
                ],
              }),
            ),
            history: historyWith(historyEntry('compare', 'approval')),
          }),
        ),
      )
      .executeTest(async () => {
        const indent = await getIndentCompare(APPROVAL_ID);
        expect(indent.status).toBe('approval');
        const line = indent.items.find((l) => l.itemId === ITEM_ID)!;
        expect(line.selectedVendor).toBe(VENDOR_HIGH);
        expect(line.reasonForSelection).toBeTruthy();
        expect(line.vendors.find((o) => o.vendorId === VENDOR_HIGH)).toMatchObject({
          price: 395,
          isLowest: false,
        });
      });
  });

  it('approves with the chosen vendors and the prices shown (Approve & Generate POs)', async () => {
    const body = kept();
    await contract
      .interaction(WAITING, 'a request to approve an indent')
      .withRequest('POST', `/api/v1/indent/approval/${APPROVAL_ID}`, (b) =>
        b.jsonBody({ ...body, pricesVersion: fromProviderState(PRICES_EXPRESSION, PRICES_EXAMPLE) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: INDENT_MESSAGES.approved,
          indent: indentMatcher({
            _id: APPROVAL_ID,
            status: 'approved',
            version: integer(2),
            submittedBy: actor,
            submittedAt: TIME,
            items: eachLike(
              lineMatcher({
                itemId: ITEM_ID,
                selectedVendor: VENDOR_HIGH,
                vendorName: string('Ambuja Dealers, Hadapsar'),
                reasonForSelection: string(PURCHASER_REASON),
                price: 395,
                gst: decimal(71.1),
                vendors: eachLike(optionMatcher(), 0),
              }),
            ),
            history: historyWith(historyEntry('approval', 'approved')),
          }),
        }),
      )
      .executeTest(async () => {
        expect(body.items).toEqual([
          { itemId: ITEM_ID, selectedVendor: VENDOR_HIGH, price: 395, reasonForSelection: PURCHASER_REASON },
        ]);
        const { message, indent } = await approveIndent(APPROVAL_ID, body);
        expect(message).toBe(INDENT_MESSAGES.approved);
        expect(indent.status).toBe('approved');
        expect(indent.items.find((l) => l.itemId === ITEM_ID)!.price).toBe(395);
      });
  });

  it('is told the vendor prices changed since the review was opened (409)', async () => {
    const body = kept(onScreen(OLD_PRICES));
    await refused(contract, {
      state: WAITING,
      description: 'a request to approve against older prices',
      method: 'POST',
      path: `/api/v1/indent/approval/${APPROVAL_ID}`,
      body,
      status: 409,
      message: INDENT_MESSAGES.pricesChanged,
      call: () => approveIndent(APPROVAL_ID, body),
    });
  });

  it('sends the indent back for rework with the overall comment', async () => {
    const body = { comment: 'Split the cement into two deliveries', version: 1 };
    await contract
      .interaction(WAITING, 'a request to send an indent back for rework')
      .withRequest('POST', `/api/v1/indent/rework/${APPROVAL_ID}`, (b) => b.jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: INDENT_MESSAGES.sentBack,
          indent: indentMatcher({
            _id: APPROVAL_ID,
            status: 'draft',
            version: integer(2),
            reworkComment: 'Split the cement into two deliveries',
            submittedBy: actor,
            submittedAt: TIME,
            // A send-back keeps the purchaser's choices (decision 0020): the resent indent has them preselected.
            items: eachLike(
              lineMatcher({
                selectedVendor: VENDOR_HIGH,
                vendorName: string('Ambuja Dealers, Hadapsar'),
                reasonForSelection: string(PURCHASER_REASON),
                vendors: eachLike(optionMatcher(), 0),
              }),
            ),
            history: historyWith(historyEntry('approval', 'draft', 'Split the cement into two deliveries')),
          }),
        }),
      )
      .executeTest(async () => {
        const { message, indent } = await reworkIndent(APPROVAL_ID, body);
        expect(message).toBe(INDENT_MESSAGES.sentBack);
        expect(indent).toMatchObject({
          status: 'draft',
          reworkComment: 'Split the cement into two deliveries',
        });
      });
  });

  it('is told an empty overall comment does not send an indent back', async () => {
    const body = { comment: '   ', version: 1 };
    await refused(contract, {
      state: WAITING,
      description: 'a request to send an indent back without a comment',
      method: 'POST',
      path: `/api/v1/indent/rework/${APPROVAL_ID}`,
      body,
      status: 400,
      message: INDENT_MESSAGES.commentRequired,
      call: () => reworkIndent(APPROVAL_ID, body),
    });
  });

  // A fleet cost, and a fleet marked free (the answer's `free` then is exactly true).
  it.each([
    {
      title: 'saves a vendor’s fleet cost and gets every vendor’s fleet back',
      description: 'a request to save a vendor’s fleet cost',
      body: { vendorId: VENDOR_HIGH, amount: 1500, gst: 270, free: false },
      free: boolean(false),
    },
    {
      title: 'marks a vendor’s fleet as free',
      description: 'a request to set a vendor’s fleet as free',
      body: { vendorId: VENDOR_HIGH, amount: 0, gst: 0, free: true },
      free: true,
    },
  ])('$title', async ({ description, body, free }) => {
    await contract
      .interaction(WAITING, description)
      .withRequest('PUT', `/api/v1/indent/fleet/${APPROVAL_ID}`, (b) => b.jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: INDENT_MESSAGES.fleetSaved,
          fleet: eachLike({
            vendorId: uuid(VENDOR_HIGH),
            vendorName: string('Ambuja Dealers, Hadapsar'),
            amount: number(body.amount),
            gst: number(body.gst),
            free,
          }),
        }),
      )
      .executeTest(async () => {
        const { message, fleet } = await saveFleet(APPROVAL_ID, body);
        expect(message).toBe(INDENT_MESSAGES.fleetSaved);
        expect(fleet.find((f) => f.vendorId === VENDOR_HIGH)).toMatchObject({
          amount: body.amount,
          gst: body.gst,
          free: body.free,
        });
      });
  });
});
