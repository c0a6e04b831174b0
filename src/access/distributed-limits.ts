import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DistributedCreditLedger } from './credits/distributed.js';
import { allowRaise, applyReservation, meteringEntry } from './credits/index.js';
import type { ApiKeyRecord } from './keys.js';
import { applyRateDecision, rateOf } from './rate-limit/index.js';

/**
 * The rate-limit and quota steps of the distributed mode as one check: both run in
 * one Redis script (one round trip per request), with the answers of the two
 * separate checks (429 before 403, the same headers).
 */
export function distributedLimitsCheck(
  ledger: DistributedCreditLedger,
  defaults: { defaultRequests: number; defaultWindowS: number },
) {
  return async (request: FastifyRequest, reply: FastifyReply, key: ApiKeyRecord): Promise<void> => {
    const rate = rateOf(key, defaults);
    const entry = meteringEntry(request, key);
    allowRaise(ledger, { request, reply, key, entry });
    const r = await ledger.limitAndReserve(key, entry, rate);
    applyRateDecision(reply, r.rate, rate.windowS);
    if (r.credits) applyReservation(request, reply, r.credits);
  };
}
