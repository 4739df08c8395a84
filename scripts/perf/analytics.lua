-- wrk script: POSTs page-view beacons (as navigator.sendBeacon sends them)
-- from many simulated visitors, with an ordinary browser user agent so the
-- bot filter lets them through, and counts 204 answers.
local thread_id = 0
local threads = {}
local paths = {"/", "/resources", "/resources/roi-calculator", "/reports", "/blog", "/use-cases", "/privacy"}

function setup(thread)
  thread_id = thread_id + 1
  thread:set("tid", thread_id)
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  ok = 0
  bad = 0
end

function request()
  counter = counter + 1
  local body = string.format('{"path":"%s","referrer":"https://www.google.com/"}', paths[(counter % #paths) + 1])
  -- A different "address" per 50 requests: X-Forwarded-For is honoured
  -- only with TRUST_PROXY_HEADERS=true, which the script sets.
  local ip = string.format("10.%d.%d.%d", tid, math.floor(counter / 12800) % 256, math.floor(counter / 50) % 256)
  return wrk.format("POST", "/api/analytics/pageview", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    ["X-Forwarded-For"] = ip,
  }, body)
end

function response(status, headers, body)
  if status == 204 then ok = ok + 1 else bad = bad + 1 end
end

function done(summary, latency, requests)
  local total_ok, total_bad = 0, 0
  for _, t in ipairs(threads) do
    total_ok = total_ok + t:get("ok")
    total_bad = total_bad + t:get("bad")
  end
  io.write(string.format("RESULT 204=%d other=%d requests=%d errors_connect=%d errors_read=%d errors_timeout=%d p50_ms=%.2f p99_ms=%.2f rps=%.1f\n",
    total_ok, total_bad, summary.requests, summary.errors.connect, summary.errors.read, summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6)))
end
