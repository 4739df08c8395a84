package main

// Fictional people, companies and places. Any resemblance to real ones is
// accidental.
var firstNames = []string{"Dana", "Priya", "Marcus", "Elena", "Tomás", "Aisha", "Jonah", "Mei", "Lars", "Fatima", "Owen",
	"Sofia", "Kwame", "Hannah", "Ravi", "Chloé", "Diego", "Ingrid", "Yusuf", "Grace", "Mateo", "Nadia", "Ben", "Keiko",
	"Andrea", "Felix", "Zara", "Noah", "Leila", "Tobias", "Maya", "Samir", "Olivia", "Pavel", "Imani", "Jules", "Carmen",
	"Erik", "Amara", "Luca", "Rosa", "Theo", "Anika", "Hugo", "Wren", "Ezra", "Lucía", "Kenji", "Bea", "Arjun"}

var lastNames = []string{"Reyes", "Raman", "Lindqvist", "Marsh", "Ferreira", "Okafor", "Pierce", "Chen", "Olsen", "Haddad",
	"Whitfield", "Moretti", "Mensah", "Kovacs", "Iyer", "Dubois", "Alvarez", "Berg", "Demir", "Nakamura", "Silva", "Petrov",
	"Adeyemi", "Novak", "Fischer", "Murphy", "Tanaka", "Rossi", "Kaur", "Larsen", "Obi", "Hughes", "Castillo", "Walsh",
	"Sato", "Brennan", "Yilmaz", "Lund", "Costa", "Greene"}

var companyStems = []string{"Brightwell", "Corvid", "Quillstack", "Ferrobyte", "Northpeak", "Tessellate", "Lumora", "Vantor",
	"Pebblewise", "Orbitline", "Beaconry", "Mossgrove", "Kestrel", "Ledgerline", "Harbourline", "Cobaltwave", "Parcelbird",
	"Verdigris", "Gradient Forge", "Nimbus", "Tidewater", "Sparrowhawk", "Altitude", "Copperline", "Wayfinder", "Glimmer",
	"Rivulet", "Saltmarsh", "Ironleaf", "Stonebridge", "Meterly", "Emberly", "Ashford", "Kindling", "Whetstone", "Arclight",
	"Hearthstone", "Lattice Grove", "Pinecrest", "Fernhill", "Bluejay", "Driftwood", "Keystone Loop", "Halcyon", "Marlowe",
	"Quarrytech", "Sundial", "Tallyhq", "Zephyrly", "Oakhaven", "Redfern", "Silverline", "Tundra", "Umbra", "Wrenfield"}

var companySuffixes = []string{"", "", "", " Labs", " AI", " Health", " Systems", " Analytics", " Software", " Robotics", " HQ", " Cloud"}

var investors = []string{"Redline Capital", "Oakfield Partners", "Parallel Ventures", "Lantern VC", "Morrow Fund", "Granite Growth",
	"Birchwood Capital", "Summit Ridge", "Atlas Crossing", "Greenfield Ventures", "Fieldstone", "Tinker Capital", "Quartz Ventures",
	"Clearwater Capital", "Kinross Ventures", "Foundry North", "Meridian Partners", "Evergreen Ventures", "Bluefin Capital", "Harbor Fund"}

var cities = []string{"Austin", "Toronto", "Berlin", "London", "Lisbon", "Singapore", "Denver", "Dublin", "Amsterdam", "Chicago",
	"New York", "Seattle", "Sydney", "Stockholm", "Madrid", "Boston", "Paris", "Bangalore", "São Paulo", "Vancouver"}

var industries = []string{"Fintech", "Healthcare", "Logistics", "Cybersecurity", "E-commerce", "Manufacturing", "Education",
	"Software", "Marketing & Advertising", "Real Estate", "Legal", "Energy", "Artificial Intelligence", "Construction"}

var productPhrases = map[string][]string{
	"Fintech":                 {"payments infrastructure", "spend management", "invoicing for SMBs", "treasury automation"},
	"Healthcare":              {"virtual care", "clinic scheduling", "patient intake", "care coordination"},
	"Logistics":               {"freight visibility", "last-mile routing", "warehouse automation", "dispatch software"},
	"Cybersecurity":           {"cloud security posture", "SOC 2 automation", "identity threat detection", "endpoint protection"},
	"E-commerce":              {"checkout optimization", "returns management", "merchandising analytics", "subscription commerce"},
	"Manufacturing":           {"predictive maintenance", "shop-floor analytics", "quality inspection", "supplier portals"},
	"Education":               {"course authoring", "substitute scheduling", "student analytics", "tutoring marketplaces"},
	"Software":                {"developer tooling", "observability", "feature management", "internal tools"},
	"Marketing & Advertising": {"attribution", "creative testing", "influencer campaigns", "B2B content"},
	"Real Estate":             {"property management", "tenant screening", "lease analytics", "construction lending"},
	"Legal":                   {"contract review", "e-discovery", "legal intake", "matter management"},
	"Energy":                  {"solar asset monitoring", "grid analytics", "EV charging", "carbon accounting"},
	"Artificial Intelligence": {"LLM evaluation", "document AI", "AI agents for support", "speech analytics"},
	"Construction":            {"site scheduling", "bid management", "field reporting", "equipment tracking"},
}

var seniorTitles = []string{"VP of Sales", "Head of Growth", "Chief Revenue Officer", "VP Engineering", "CTO", "Director of Marketing",
	"Head of RevOps", "VP Customer Success", "COO", "CFO", "Director of IT", "Head of Product", "VP Marketing", "Head of Data",
	"Director of Sales Operations", "Chief People Officer", "Head of Partnerships", "VP Operations", "CISO", "Head of Demand Gen"}

var roles = []string{"senior backend engineer", "account executive", "SDR", "product designer", "data engineer", "customer success manager",
	"RevOps analyst", "DevOps engineer", "frontend developer", "solutions engineer", "product marketing manager", "support specialist",
	"ML engineer", "engineering manager", "content marketer", "sales engineer", "QA engineer", "security engineer", "recruiter",
	"mobile developer", "BDR", "controller", "technical writer", "site reliability engineer"}

// vendors are the incumbents posts complain about, grouped with a category
// word so sentences read naturally.
var vendors = []struct{ name, category string }{
	{"Salesforce", "CRM"}, {"HubSpot", "CRM"}, {"Pipedrive", "CRM"}, {"Zendesk", "help desk"}, {"Intercom", "support tool"},
	{"Jira", "issue tracker"}, {"Asana", "project tool"}, {"Datadog", "monitoring"}, {"Snowflake", "warehouse"},
	{"ZoomInfo", "data provider"}, {"Apollo", "data provider"}, {"Gong", "call recording tool"}, {"Salesloft", "sequencer"}, {"Outreach.io", "sequencer"}, {"Chorus", "call recording tool"}, {"Lusha", "data provider"}, {"Amplitude", "product analytics"}, {"Mixpanel", "product analytics"}, {"Looker", "BI tool"}, {"Rippling", "payroll"}, {"Lever", "ATS"}, {"New Relic", "monitoring"}, {"BigQuery", "warehouse"}, {"PandaDoc", "e-signature tool"}, {"Notion", "wiki"}, {"Help Scout", "help desk"}, {"Monday.com", "project tool"}, {"ClickUp", "project tool"}, {"Fly.io", "hosting"}, {"Auth0", "identity provider"}, {"Klaviyo", "email platform"}, {"Workable", "ATS"},
	{"Marketo", "marketing automation"}, {"Mailchimp", "email platform"}, {"Gusto", "payroll"}, {"Greenhouse", "ATS"},
	{"Tableau", "BI tool"}, {"Heroku", "hosting"}, {"Okta", "identity provider"}, {"DocuSign", "e-signature tool"},
	{"Confluence", "wiki"}, {"Freshdesk", "help desk"}, {"Airtable", "database tool"}, {"Calendly", "scheduling tool"},
}

var categories = []string{"CRM", "help desk", "data warehouse", "product analytics tool", "sales engagement platform",
	"ATS", "expense management tool", "contract management software", "observability stack", "feature flag service",
	"customer success platform", "e-signature tool", "payroll provider", "call recording tool", "BI tool",
	"intent data provider", "LMS", "project management tool", "SOC 2 automation platform", "CDP"}

var needs = []string{"track renewals", "score inbound leads", "route support tickets", "forecast pipeline",
	"onboard new customers", "automate invoice approvals", "manage vendor security reviews", "run product analytics",
	"keep docs up to date", "coordinate field techs", "manage commissions", "report on churn"}

var events = []string{"SaaStr Annual", "the RevOps Summit", "Dreamforce", "Web Summit", "the Pipeline Conference", "KubeCon"}
