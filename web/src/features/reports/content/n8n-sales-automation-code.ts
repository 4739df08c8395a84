import type { CodeSample } from '../components/guide-code-sample';

const workflowJson = `{
  "name": "Signal to hot-lead alert",
  "nodes": [
    {
      "parameters": {
        "httpMethod": "POST",
        "path": "signalpipe-lead",
        "responseMode": "onReceived",
        "options": {}
      },
      "id": "5f0c2a1e-8b7d-4c1a-9e2f-1a2b3c4d5e01",
      "name": "Signal webhook",
      "type": "n8n-nodes-base.webhook",
      "typeVersion": 2,
      "position": [0, 0],
      "webhookId": "5f0c2a1e-8b7d-4c1a-9e2f-1a2b3c4d5e02"
    },
    {
      "parameters": {
        "jsCode": "// Scoring code from the next sample\\nreturn $input.all();"
      },
      "id": "5f0c2a1e-8b7d-4c1a-9e2f-1a2b3c4d5e03",
      "name": "Score lead",
      "type": "n8n-nodes-base.code",
      "typeVersion": 2,
      "position": [220, 0]
    },
    {
      "parameters": {
        "conditions": {
          "options": { "caseSensitive": true, "leftValue": "", "typeValidation": "strict" },
          "conditions": [
            {
              "id": "score-over-threshold",
              "leftValue": "={{ $json.score }}",
              "rightValue": 75,
              "operator": { "type": "number", "operation": "gte" }
            }
          ],
          "combinator": "and"
        },
        "options": {}
      },
      "id": "5f0c2a1e-8b7d-4c1a-9e2f-1a2b3c4d5e04",
      "name": "Score >= 75?",
      "type": "n8n-nodes-base.if",
      "typeVersion": 2,
      "position": [440, 0]
    },
    {
      "parameters": {
        "select": "channel",
        "channelId": { "__rl": true, "value": "#hot-leads", "mode": "name" },
        "text": "=Hot lead: {{ $json.name }} at {{ $json.company }} scored {{ $json.score }} ({{ $json.signalType }})\\n{{ $json.sourceUrl }}",
        "otherOptions": {}
      },
      "id": "5f0c2a1e-8b7d-4c1a-9e2f-1a2b3c4d5e05",
      "name": "Alert #hot-leads",
      "type": "n8n-nodes-base.slack",
      "typeVersion": 2.2,
      "position": [660, -100]
    }
  ],
  "connections": {
    "Signal webhook": { "main": [[{ "node": "Score lead", "type": "main", "index": 0 }]] },
    "Score lead": { "main": [[{ "node": "Score >= 75?", "type": "main", "index": 0 }]] },
    "Score >= 75?": {
      "main": [
        [{ "node": "Alert #hot-leads", "type": "main", "index": 0 }],
        []
      ]
    }
  }
}`;

const scoringCode = `// n8n Code node, mode "Run Once for All Items".
// Scores each incoming lead: score = 0.6 x ICP fit + 0.4 x signal strength.
const ICP = {
  industries: ['saas', 'fintech', 'logistics software'],
  minEmployees: 50,
  maxEmployees: 1000,
  titles: /\\b(head|vp|director|chief)\\b.*\\b(sales|revenue|growth)\\b|founder/i,
  countries: ['US', 'CA', 'GB', 'DE', 'NL'],
};

// Base strength of each signal type, 0-100.
const SIGNAL_WEIGHTS = {
  tech_research: 90,
  competitor_engagement: 85,
  funding_event: 75,
  job_change: 70,
  hiring_activity: 65,
};

function icpFit(lead) {
  let fit = 0;
  if (ICP.industries.includes(String(lead.industry ?? '').toLowerCase())) fit += 35;
  const size = Number(lead.employees) || 0;
  if (size >= ICP.minEmployees && size <= ICP.maxEmployees) fit += 25;
  if (ICP.titles.test(lead.title ?? '')) fit += 25;
  if (ICP.countries.includes(lead.country)) fit += 15;
  return fit; // 0-100
}

function signalStrength(lead) {
  const base = SIGNAL_WEIGHTS[lead.signalType] ?? 0;
  const detected = new Date(lead.detectedAt).getTime();
  const ageDays = Number.isFinite(detected) ? (Date.now() - detected) / 86_400_000 : 0;
  // Intent fades: lose 10% per full day, never below 40% of the base.
  const decay = Math.max(0.4, 1 - 0.1 * Math.floor(ageDays));
  return Math.round(base * decay);
}

return $input.all().map(({ json }) => {
  const lead = json.body ?? json; // the Webhook node puts the payload in "body"
  const fit = icpFit(lead);
  const signal = signalStrength(lead);
  const score = Math.round(0.6 * fit + 0.4 * signal);
  const tier = score >= 80 ? 'hot' : score >= 60 ? 'warm' : score >= 40 ? 'other' : 'drop';
  return { json: { ...lead, fit, signal, score, tier } };
});`;

/** The two code samples of the automation guide (docs/product.md §8.2, report 7). */
export const automationCodeSamples: readonly CodeSample[] = [
  {
    title: 'Workflow excerpt: signal webhook to Slack alert',
    language: 'JSON',
    filename: 'signal-to-hot-lead-alert.json',
    code: workflowJson,
    note: 'Import it with Workflows → Import from File, then connect your Slack credential. The IF node’s second (false) output is left empty here; connect it to your nurture list.',
  },
  {
    title: 'Code node: score each lead against your ICP',
    language: 'JavaScript',
    filename: 'Score lead (Code node)',
    code: scoringCode,
    note: 'Change the ICP object and the signal weights to match your market. A lead with a 100-point fit and a fresh tool-research signal scores 0.6 × 100 + 0.4 × 90 = 96.',
  },
];
