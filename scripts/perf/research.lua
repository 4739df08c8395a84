-- wrk script: POSTs the demo's ICP to /api/research-leads with the demo key
-- and counts 200, 503 (search queue full) and other answers.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local body = '{"targetTitles":["VP Sales","Head of Sales","CTO"],"companySize":"50-200",' ..
  '"revenueRange":"$10M - $50M ARR","fundingStage":"Series A-B","geographic":"North America",' ..
  '"techStack":["Salesforce","HubSpot"],"painPoints":["pipeline","lead quality"],' ..
  '"competitors":["ZoomInfo","Apollo"],"industries":["SaaS","Fintech"],"exclusions":["agency"],' ..
  '"signalThreshold":"High 80%+ match","budgetIndicators":["recent funding"],"useAIQueries":false,"knowledgeBase":""}'

function init(args)
  ok = 0
  busy = 0
  bad = 0
end

function request()
  return wrk.format("POST", "/api/research-leads",
    {["Content-Type"] = "application/json", ["X-Demo-Key"] = os.getenv("DEMO_KEY") or "signalpipe-demo"}, body)
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 elseif status == 503 then busy = busy + 1 else bad = bad + 1 end
end

function done(summary, latency, requests)
  local o, b, x = 0, 0, 0
  for _, t in ipairs(threads) do
    o = o + t:get("ok"); b = b + t:get("busy"); x = x + t:get("bad")
  end
  io.write(string.format("RESULT 200=%d 503=%d other=%d requests=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f rps=%.1f\n",
    o, b, x, summary.requests, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, summary.requests / (summary.duration / 1e6)))
end
