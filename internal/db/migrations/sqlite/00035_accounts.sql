-- +goose Up
-- Accounts (docs/clients.md "Accounts"): per client, the companies its
-- leads come from, and each lead's link to one. name_key and domain are
-- what resolution matches on (internal/accounts); merged_into is set when
-- the owner merged the company into another (its leads moved there, each
-- keeping resolved_id, the company it was resolved to, so a split can
-- give them back). heated_at is when account.heated was last raised for
-- it (a conditional UPDATE sets it, so instances raise it once). A lead
-- that names no company has a link with no company (matched_by 'none'),
-- so the backfill reads it once.
CREATE TABLE client_companies (
    id          TEXT PRIMARY KEY,
    client_id   TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL DEFAULT '',
    domain      TEXT NOT NULL DEFAULT '',
    merged_into TEXT REFERENCES client_companies (id) ON DELETE SET NULL,
    heated_at   TEXT,
    created_at  TEXT NOT NULL
);
CREATE INDEX client_companies_name ON client_companies (client_id, name_key);
CREATE INDEX client_companies_domain ON client_companies (client_id, domain);
CREATE TABLE client_company_leads (
    lead_id     TEXT PRIMARY KEY REFERENCES client_leads (id) ON DELETE CASCADE,
    client_id   TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    company_id  TEXT REFERENCES client_companies (id) ON DELETE CASCADE,
    resolved_id TEXT REFERENCES client_companies (id) ON DELETE CASCADE,
    confidence  REAL NOT NULL,
    matched_by  TEXT NOT NULL
);
CREATE INDEX client_company_leads_company ON client_company_leads (company_id);
CREATE INDEX client_company_leads_client ON client_company_leads (client_id, company_id);

-- +goose Down
DROP TABLE client_company_leads;
DROP TABLE client_companies;
