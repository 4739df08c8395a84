-- +goose Up
-- The accounts list's summary (internal/clients/accounts_rank.go): each
-- company's stamp grows whenever something its place in the list depends
-- on changes (a lead linked to it, moved away or unlinked; a linked lead's
-- review, signal type, score, date or body; its merge), by these
-- triggers, whatever path wrote it. An instance keeps each client's
-- companies' signals in memory and reloads only the companies whose stamp
-- moved, so every instance sees every write.
ALTER TABLE client_companies ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0;
CREATE INDEX client_companies_stamp ON client_companies (client_id, stamp);
-- A lead no company link covers yet (stored before accounts, or by a path
-- that does not link) has a row in client_unlinked_leads until it is
-- linked, so a read finds whether the backfill has work without scanning
-- the client's leads.
CREATE TABLE client_unlinked_leads (
    lead_id   TEXT PRIMARY KEY REFERENCES client_leads (id) ON DELETE CASCADE,
    client_id TEXT NOT NULL
);
CREATE INDEX client_unlinked_leads_client ON client_unlinked_leads (client_id);
INSERT INTO client_unlinked_leads (lead_id, client_id)
SELECT l.id, l.client_id FROM client_leads l LEFT JOIN client_company_leads cl ON cl.lead_id = l.id WHERE cl.lead_id IS NULL;
-- +goose StatementBegin
CREATE TRIGGER client_leads_unlinked AFTER INSERT ON client_leads BEGIN
    INSERT INTO client_unlinked_leads (lead_id, client_id) VALUES (new.id, new.client_id);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER client_company_leads_linked AFTER INSERT ON client_company_leads BEGIN
    DELETE FROM client_unlinked_leads WHERE lead_id = new.lead_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER client_company_leads_stamp_insert AFTER INSERT ON client_company_leads
WHEN new.company_id IS NOT NULL BEGIN
    UPDATE client_companies SET stamp = stamp + 1 WHERE id = new.company_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER client_company_leads_stamp_delete AFTER DELETE ON client_company_leads
WHEN old.company_id IS NOT NULL BEGIN
    UPDATE client_companies SET stamp = stamp + 1 WHERE id = old.company_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER client_company_leads_stamp_update AFTER UPDATE OF company_id ON client_company_leads
WHEN old.company_id IS NOT new.company_id BEGIN
    UPDATE client_companies SET stamp = stamp + 1 WHERE id IN (old.company_id, new.company_id);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER client_leads_stamp_update AFTER UPDATE OF review, signal_type, score, created_at, lead ON client_leads
WHEN old.review IS NOT new.review OR old.signal_type IS NOT new.signal_type OR old.score IS NOT new.score
    OR old.created_at IS NOT new.created_at OR old.lead IS NOT new.lead BEGIN
    UPDATE client_companies SET stamp = stamp + 1
    WHERE id = (SELECT company_id FROM client_company_leads WHERE lead_id = new.id);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER client_companies_stamp_merge AFTER UPDATE OF merged_into ON client_companies
WHEN old.merged_into IS NOT new.merged_into BEGIN
    UPDATE client_companies SET stamp = stamp + 1 WHERE id = new.id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER client_company_leads_linked;
DROP TRIGGER client_leads_unlinked;
DROP TABLE client_unlinked_leads;
DROP TRIGGER client_companies_stamp_merge;
DROP TRIGGER client_leads_stamp_update;
DROP TRIGGER client_company_leads_stamp_update;
DROP TRIGGER client_company_leads_stamp_delete;
DROP TRIGGER client_company_leads_stamp_insert;
DROP INDEX client_companies_stamp;
ALTER TABLE client_companies DROP COLUMN stamp;
