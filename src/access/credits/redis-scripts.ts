import { REDIS_NOW_LUA } from '../rate-limit/redis.js';

// The Lua scripts of the distributed credits (credits/distributed.ts), each run
// atomically by Redis across every replica.
//
// Live credits of one budget (an account's keys, or one key) and month: the
// committed credits (a copy of the ledger's sum), the open reservations
// ("requestId:cost", scored by expiry) and a hash of what they hold (`credits`, and
// `calls` to check it by), so a check does not read every open reservation; when the
// hash is missing or its calls differ from the reservations' (a reservation made or
// dropped by a replica of an earlier version), it is counted again from them.

const HOLD_LUA = `
local HOLD_TTL_MS = 3600000
local function cost_of(member)
  return tonumber(string.match(member, ':(%d+)$'))
end
local function sum_costs(members)
  local sum = 0
  for _, m in ipairs(members) do sum = sum + cost_of(m) end
  return sum
end
-- Drops reservations; their credits are no longer held.
local function unhold(reservations, members)
  local scores = redis.call('ZMSCORE', reservations, unpack(members))
  local open = {}
  for i, score in ipairs(scores) do
    if score then open[#open + 1] = members[i] end
  end
  if #open == 0 then return end
  redis.call('ZREM', reservations, unpack(open))
  local held_key = reservations .. ':held'
  if redis.call('EXISTS', held_key) == 1 then
    -- 0 - x, not -x: Lua's -0 is sent as '-0', which HINCRBY refuses (a free call's cost).
    redis.call('HINCRBY', held_key, 'credits', 0 - sum_costs(open))
    redis.call('HINCRBY', held_key, 'calls', 0 - #open)
  end
end
-- The credits the open reservations hold, after dropping the expired ones.
local function held_credits(reservations, held_key, now)
  local h = redis.call('HMGET', held_key, 'credits', 'calls')
  local held, calls = tonumber(h[1]), tonumber(h[2])
  if not held or held < 0 or calls ~= redis.call('ZCARD', reservations) then
    local members = redis.call('ZRANGE', reservations, 0, -1)
    held, calls = sum_costs(members), #members
    redis.call('HSET', held_key, 'credits', held, 'calls', calls)
    redis.call('PEXPIRE', held_key, HOLD_TTL_MS)
  end
  local expired = redis.call('ZRANGEBYSCORE', reservations, '-inf', now)
  if #expired > 0 then
    redis.call('ZREMRANGEBYSCORE', reservations, '-inf', now)
    held = held - sum_costs(expired)
    redis.call('HSET', held_key, 'credits', held, 'calls', calls - #expired)
  end
  return held
end
`;

/**
 * Checks and reserves one call's credits: KEYS committed, reservations; ARGV quota,
 * cost, member, ttl (ms). Returns -1 when the committed counter is missing (to be
 * rebuilt from the ledger), 0 when the credits left are fewer than the cost, 1 when
 * reserved (or already reserved); then the credits left.
 */
export const RESERVE = `${REDIS_NOW_LUA}${HOLD_LUA}
local committed_key, reservations = KEYS[1], KEYS[2]
local quota, cost, member, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local now = redis_now()
local committed = redis.call('GET', committed_key)
if not committed then return {-1, 0} end
local held_key = reservations .. ':held'
local remaining = quota - tonumber(committed) - held_credits(reservations, held_key, now)
-- The same call asking again (a command resent after a lost reply) is held once.
if redis.call('ZSCORE', reservations, member) then return {1, math.max(remaining, 0)} end
if remaining < cost then return {0, math.max(remaining, 0)} end
redis.call('ZADD', reservations, now + ttl, member)
redis.call('HINCRBY', held_key, 'credits', cost)
redis.call('HINCRBY', held_key, 'calls', 1)
redis.call('PEXPIRE', reservations, HOLD_TTL_MS)
redis.call('PEXPIRE', held_key, HOLD_TTL_MS)
return {1, remaining - cost}`;

/** Fields of one call in ACCESS_BATCH: its keys, and its arguments. */
const ACCESS_KEYS_PER_CALL = 3;
const ACCESS_ARGS_PER_CALL = 7;

/**
 * The access checks of a batch of calls (those that arrived in one turn of a
 * replica's event loop), in order, as if each ran alone: the sliding log of the
 * call's key, then, if it passes and the key has a quota, the reservation. Calls of
 * one key share the log's reads and writes, and calls of one budget its counter's,
 * so a busy key costs Redis a few commands per batch instead of per call.
 * KEYS per call: rate log, committed, reservations. ARGV per call: window (ms),
 * limit, log member, quota ('' for none), cost, reservation member, ttl (ms).
 * Returns per call: allowed (0/1), the count in the window, ms until the oldest
 * request leaves it, the reservation's status (as RESERVE's, or 2 when none was
 * asked) and the credits left.
 */
export const ACCESS_BATCH = `${REDIS_NOW_LUA}${HOLD_LUA}
local now = redis_now()
local logs, budgets, answers = {}, {}, {}
-- The calls already holding an open reservation (a command resent after a lost
-- reply), by budget: one read of each budget's reservations.
local asked, open = {}, {}
for i = 1, #KEYS / ${ACCESS_KEYS_PER_CALL} do
  local a = ${ACCESS_ARGS_PER_CALL} * (i - 1)
  if ARGV[a + 4] ~= '' then
    local reservations = KEYS[${ACCESS_KEYS_PER_CALL} * i]
    asked[reservations] = asked[reservations] or {}
    table.insert(asked[reservations], ARGV[a + 6])
  end
end
for reservations, members in pairs(asked) do
  local scores = redis.call('ZMSCORE', reservations, unpack(members))
  open[reservations] = {}
  for j, score in ipairs(scores) do
    if score and tonumber(score) > now then open[reservations][members[j]] = true end
  end
end
local function log_of(key, window)
  local log = logs[key]
  if not log then
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
    log = { count = redis.call('ZCARD', key), window = window, adds = {} }
    logs[key] = log
  end
  return log
end
local function budget_of(committed_key, reservations)
  local b = budgets[committed_key]
  if not b then
    local committed = redis.call('GET', committed_key)
    if not committed then
      b = { missing = true }
    else
      local held_key = reservations .. ':held'
      b = { committed = tonumber(committed), held = held_credits(reservations, held_key, now),
            reservations = reservations, held_key = held_key, seen = open[reservations],
            adds = {}, credits = 0, calls = 0 }
    end
    budgets[committed_key] = b
  end
  return b
end
local function reserve(b, quota, cost, member, ttl)
  if b.missing then return -1, 0 end
  local remaining = quota - b.committed - b.held
  -- The same call asking again (a command resent after a lost reply) is held once.
  if b.seen[member] then return 1, math.max(remaining, 0) end
  if remaining < cost then return 0, math.max(remaining, 0) end
  b.seen[member] = true
  b.adds[#b.adds + 1] = now + ttl
  b.adds[#b.adds + 1] = member
  b.held, b.credits, b.calls = b.held + cost, b.credits + cost, b.calls + 1
  return 1, remaining - cost
end
for i = 1, #KEYS / ${ACCESS_KEYS_PER_CALL} do
  local k, a = ${ACCESS_KEYS_PER_CALL} * (i - 1), ${ACCESS_ARGS_PER_CALL} * (i - 1)
  local log = log_of(KEYS[k + 1], tonumber(ARGV[a + 1]))
  local allowed, status, left = 0, 2, 0
  if log.count < tonumber(ARGV[a + 2]) then
    allowed, log.count = 1, log.count + 1
    log.adds[#log.adds + 1] = now
    log.adds[#log.adds + 1] = ARGV[a + 3]
    if ARGV[a + 4] ~= '' then
      status, left = reserve(budget_of(KEYS[k + 2], KEYS[k + 3]),
        tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5]), ARGV[a + 6], tonumber(ARGV[a + 7]))
    end
  end
  answers[i] = { log, allowed, log.count, status, left }
end
for key, log in pairs(logs) do
  if #log.adds > 0 then redis.call('ZADD', key, unpack(log.adds)) end
  redis.call('PEXPIRE', key, log.window)
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  log.first = now
  if oldest[2] then log.first = tonumber(oldest[2]) end
end
for _, b in pairs(budgets) do
  if not b.missing and #b.adds > 0 then
    redis.call('ZADD', b.reservations, unpack(b.adds))
    redis.call('HINCRBY', b.held_key, 'credits', b.credits)
    redis.call('HINCRBY', b.held_key, 'calls', b.calls)
    redis.call('PEXPIRE', b.reservations, HOLD_TTL_MS)
    redis.call('PEXPIRE', b.held_key, HOLD_TTL_MS)
  end
end
local out = {}
for i, answer in ipairs(answers) do
  local log = answer[1]
  local j = 5 * (i - 1)
  out[j + 1], out[j + 2], out[j + 3] = answer[2], answer[3], log.first + log.window - now
  out[j + 4], out[j + 5] = answer[4], answer[5]
end
return out`;

/**
 * Turns the reservations of a batch of recorded calls into committed credits: KEYS
 * are (committed, reservations) pairs, ARGV (member, cost) pairs. The calls of one
 * budget share its commands.
 */
export const COMMIT_BATCH = `${HOLD_LUA}
local budgets, order = {}, {}
for i = 1, #KEYS / 2 do
  local reservations = KEYS[2 * i]
  local b = budgets[reservations]
  if not b then
    b = { committed_key = KEYS[2 * i - 1], members = {}, credits = 0 }
    budgets[reservations] = b
    order[#order + 1] = reservations
  end
  b.members[#b.members + 1] = ARGV[2 * i - 1]
  b.credits = b.credits + tonumber(ARGV[2 * i])
end
for _, reservations in ipairs(order) do
  local b = budgets[reservations]
  unhold(reservations, b.members)
  if redis.call('EXISTS', b.committed_key) == 1 then redis.call('INCRBY', b.committed_key, b.credits) end
end
return #KEYS / 2`;

/** Drops one reservation (a call that was not charged): KEYS reservations, ARGV member. */
export const RELEASE = `${HOLD_LUA}
unhold(KEYS[1], { ARGV[1] })
return 1`;
