-- wrk script: GET each path of the file WRK_PATHS in turn (one per line), with the
-- header WRK_AUTH as Authorization; run with one thread (-t1), so that every request
-- of every connection is the next path. At the end, one JSON line of the figures.
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  paths[#paths + 1] = line
end
local auth = os.getenv("WRK_AUTH")
local next_path = 0

request = function()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path], { ["Authorization"] = auth })
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nWRK_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,' ..
      '"non2xx":%d,"socket_errors":%d,"paths":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write + e.timeout, #paths))
end
