-- wrk script: POSTs a valid onboarding answer set with a unique email per
-- request, counts 2xx answers and appends each returned id to ID_FILE.
local thread_id = 0
local threads = {}

function setup(thread)
  thread_id = thread_id + 1
  thread:set("tid", thread_id)
  table.insert(threads, thread)
end

local confirmations = '["The information I have provided is accurate and complete to the best of my knowledge.",' ..
  '"I will respond to the leads Signalpipe delivers promptly, within the response time chosen above.",' ..
  '"I am authorised to share this information and to make decisions on behalf of my company.",' ..
  '"I agree that Signalpipe may contact me about this onboarding and my lead delivery."]'

local template = '{"company_name":"Acme %d","website":"https://acme.example","contact_email":"ops+%s@acme.example",' ..
  '"phone":"+1 555 010 0000","company_address":"1 Main St","revenue_range":"1m_10m","offer_description":"Lead gen",' ..
  '"key_benefits":"More pipeline","differentiators":"Signals","sales_cycle":"1_3_months","ideal_client":"B2B SaaS",' ..
  '"pain_points":"Not enough qualified leads","decision_maker_titles":"VP Sales","company_sizes":["Small (11-50)"],' ..
  '"primary_industry":"Software","excluded_industries":"None","ideal_companies":"Stripe","trigger_events":["M&A activity"],' ..
  '"valuable_info":["Technology stack"],"response_time":"24_hours","delivery_method":["Web dashboard"],' ..
  '"effective_questions":"What is your pipeline?","case_studies":"Parkwise","monthly_lead_goal":50,' ..
  '"enterprise_growth":"maybe","email_handler_name":"Ana","email_handler_email":"ana@acme.example",' ..
  '"confirmations":' .. confirmations .. ',"submitted_at":"2026-11-22T17:00:00.000Z","source":"signalpipe_onboarding"}'

function init(args)
  counter = 0
  ok = 0
  bad = 0
  local path = os.getenv("ID_FILE")
  if path then ids = io.open(path .. "." .. tid, "a") end
end

function request()
  counter = counter + 1
  local body = string.format(template, counter, tid .. "-" .. counter)
  return wrk.format("POST", "/api/onboarding", {["Content-Type"] = "application/json"}, body)
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    ok = ok + 1
    if ids then
      local id = string.match(body, '"id":"([0-9A-Z]+)"')
      if id then ids:write(id, "\n"); ids:flush() end
    end
  else
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local total_ok, total_bad = 0, 0
  for _, t in ipairs(threads) do
    total_ok = total_ok + t:get("ok")
    total_bad = total_bad + t:get("bad")
  end
  io.write(string.format("RESULT 2xx=%d non2xx=%d requests=%d errors_connect=%d errors_read=%d errors_timeout=%d p50_ms=%.2f p99_ms=%.2f rps=%.1f\n",
    total_ok, total_bad, summary.requests, summary.errors.connect, summary.errors.read, summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6)))
end
