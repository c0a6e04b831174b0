import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import { creditPeriod, creditResetAt, type ApiKeyRecord } from '../keys.js';

/** One paid call, as the usage ledger records it. */
export interface UsageEntry {
  requestId: string;
  keyId: string;
  period: string;
  operation: string;
  credits: number;
}

/**
 * Credits and the usage ledger. A key with a quota first reserves the operation's
 * cost (refused when the remaining credits are below it); the reservation is
 * committed to the ledger when the answer is a 200 and released otherwise. Every
 * 200 answer is recorded, for keys with or without a quota.
 */
export interface CreditLedger {
  /** Reserves `cost` credits; `ok` false (nothing reserved) when fewer remain. */
  reserve(key: ApiKeyRecord & { quota: number }, entry: UsageEntry): Promise<{ ok: boolean; remaining: number }>;
  /** Records a paid call durably, turning its reservation (if any) into usage. Returns credits left, if quota. */
  commit(key: ApiKeyRecord, entry: UsageEntry, reserved: boolean): Promise<number | null>;
  release(key: ApiKeyRecord, entry: UsageEntry): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    metering?: {
      key: ApiKeyRecord;
      entry: UsageEntry;
      reserved: boolean;
      /** Raises the answer's price to `credits` (reserving the difference): 403 when the key lacks them. */
      raiseTo?: (credits: number) => Promise<void>;
    };
    /** Credits the answer consumed, once its usage is recorded. */
    charged?: number;
  }
}

/** Starts the metering of a keyed request: the usage entry its 200 answer will record. */
export function meteringEntry(request: FastifyRequest, key: ApiKeyRecord): UsageEntry {
  const entry: UsageEntry = {
    requestId: request.id,
    keyId: key.id,
    period: creditPeriod(),
    operation: request.routeOptions.url ?? request.url,
    credits: request.routeOptions.config.cost ?? 0,
  };
  request.metering = { key, entry, reserved: false };
  return entry;
}

/**
 * Applies a reservation's outcome: the X-Credits-Remaining and X-Credits-Reset (when
 * the quota renews) headers, 403 quota_exceeded when refused.
 */
export function applyReservation(
  request: FastifyRequest,
  reply: FastifyReply,
  r: { ok: boolean; remaining: number; price?: number },
) {
  const m = request.metering!;
  const headers = { 'x-credits-remaining': String(r.remaining), 'x-credits-reset': creditResetAt() };
  reply.headers(headers);
  if (!r.ok) {
    throw new ApiError(
      'quota_exceeded',
      `This operation costs ${r.price ?? m.entry.credits} credit(s); ${r.remaining} remain this month. ` +
        `The quota renews at ${headers['x-credits-reset']}.`,
      { headers },
    );
  }
  m.reserved = true;
}

/**
 * Lets the handler raise the answer's price once it knows it (an extract, priced by
 * its rows), the same in every mode: the reservation of the least price is replaced by
 * one of the whole price; when the key lacks it, nothing stays reserved and the answer
 * is 403 quota_exceeded naming the whole price.
 */
export function allowRaise(
  ledger: CreditLedger,
  call: { request: FastifyRequest; reply: FastifyReply; key: ApiKeyRecord; entry: UsageEntry },
): void {
  const { request, reply, key, entry } = call;
  const metering = request.metering!;
  metering.raiseTo = async (credits) => {
    if (credits <= entry.credits) return;
    if (key.quota !== null) {
      if (metering.reserved) await ledger.release(key, entry);
      metering.reserved = false;
      const whole = { ...entry, credits };
      const r = await ledger.reserve(key as ApiKeyRecord & { quota: number }, whole);
      if (!r.ok) applyReservation(request, reply, { ok: false, remaining: r.remaining, price: credits });
      metering.reserved = true;
      reply.header('x-credits-remaining', String(r.remaining));
    }
    entry.credits = credits;
  };
}

/** The quota step of the access checks (403 quota_exceeded), and the metering of every keyed request. */
export function quotaCheck(ledger: CreditLedger) {
  return async (request: FastifyRequest, reply: FastifyReply, key: ApiKeyRecord): Promise<void> => {
    const entry = meteringEntry(request, key);
    allowRaise(ledger, { request, reply, key, entry });
    if (key.quota === null) return;
    applyReservation(request, reply, await ledger.reserve(key as ApiKeyRecord & { quota: number }, entry));
  };
}

/**
 * onSend hook: a 200 is recorded in the ledger before its body leaves; if that
 * fails the answer becomes 503 (never an unrecorded paid call). Other answers
 * release the reservation.
 */
export function meteringHook(ledger: CreditLedger) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const m = request.metering;
    if (!m) return payload;
    request.metering = undefined;
    if (reply.statusCode !== 200) {
      if (m.reserved) {
        await ledger.release(m.key, m.entry).catch((err) => request.log.error({ err }, 'credit release failed'));
        // The answer is free (a 304, an error): the credits it had reserved are left again.
        const shown = Number(reply.getHeader('x-credits-remaining'));
        if (Number.isFinite(shown)) reply.header('x-credits-remaining', String(shown + m.entry.credits));
      }
      return payload;
    }
    try {
      const remaining = await ledger.commit(m.key, m.entry, m.reserved);
      request.charged = m.entry.credits;
      if (remaining !== null) reply.header('x-credits-remaining', String(remaining));
      return payload;
    } catch (err) {
      request.log.error({ err }, 'usage could not be recorded');
      if (m.reserved) await ledger.release(m.key, m.entry).catch(() => undefined);
      const error = new ApiError(
        'provider_unavailable',
        'Usage could not be recorded; the call was not charged. Retry later.',
      );
      reply.code(error.status);
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.removeHeader('x-credits-remaining');
      return JSON.stringify({ error: error.code, message: error.message, request_id: request.id });
    }
  };
}
