-- +goose Up
-- The accounts list's summary (internal/clients/accounts_rank.go): each
-- company's stamp grows whenever something its place in the list depends
-- on changes (a lead linked to it, moved away or unlinked; a linked lead's
-- review, signal type, score, date or body; its merge), by these
-- triggers, whatever path wrote it. An instance keeps each client's
-- companies' signals in memory and reloads only the companies whose stamp
-- moved, so every instance sees every write.
ALTER TABLE client_companies ADD COLUMN stamp BIGINT NOT NULL DEFAULT 0;
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
CREATE FUNCTION client_leads_unlinked() RETURNS trigger AS $$
BEGIN
    IF TG_TABLE_NAME = 'client_leads' THEN
        INSERT INTO client_unlinked_leads (lead_id, client_id) VALUES (NEW.id, NEW.client_id);
    ELSE
        DELETE FROM client_unlinked_leads WHERE lead_id = NEW.lead_id;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER client_leads_unlinked AFTER INSERT ON client_leads FOR EACH ROW EXECUTE FUNCTION client_leads_unlinked();
CREATE TRIGGER client_company_leads_linked AFTER INSERT ON client_company_leads FOR EACH ROW EXECUTE FUNCTION client_leads_unlinked();
-- +goose StatementBegin
CREATE FUNCTION client_company_leads_stamp() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE client_companies SET stamp = stamp + 1 WHERE id = NEW.company_id;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE client_companies SET stamp = stamp + 1 WHERE id = OLD.company_id;
    ELSE
        UPDATE client_companies SET stamp = stamp + 1 WHERE id IN (OLD.company_id, NEW.company_id);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER client_company_leads_stamp_insert AFTER INSERT ON client_company_leads
    FOR EACH ROW WHEN (NEW.company_id IS NOT NULL) EXECUTE FUNCTION client_company_leads_stamp();
CREATE TRIGGER client_company_leads_stamp_delete AFTER DELETE ON client_company_leads
    FOR EACH ROW WHEN (OLD.company_id IS NOT NULL) EXECUTE FUNCTION client_company_leads_stamp();
CREATE TRIGGER client_company_leads_stamp_update AFTER UPDATE OF company_id ON client_company_leads
    FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION client_company_leads_stamp();
-- +goose StatementBegin
CREATE FUNCTION client_leads_stamp() RETURNS trigger AS $$
BEGIN
    UPDATE client_companies SET stamp = stamp + 1
    WHERE id = (SELECT company_id FROM client_company_leads WHERE lead_id = NEW.id);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER client_leads_stamp_update AFTER UPDATE OF review, signal_type, score, created_at, lead ON client_leads
    FOR EACH ROW WHEN (OLD.review IS DISTINCT FROM NEW.review OR OLD.signal_type IS DISTINCT FROM NEW.signal_type
        OR OLD.score IS DISTINCT FROM NEW.score OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.lead IS DISTINCT FROM NEW.lead)
    EXECUTE FUNCTION client_leads_stamp();
-- +goose StatementBegin
CREATE FUNCTION client_companies_stamp_merge() RETURNS trigger AS $$
BEGIN
    UPDATE client_companies SET stamp = stamp + 1 WHERE id = NEW.id;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER client_companies_stamp_merge AFTER UPDATE OF merged_into ON client_companies
    FOR EACH ROW WHEN (OLD.merged_into IS DISTINCT FROM NEW.merged_into) EXECUTE FUNCTION client_companies_stamp_merge();

-- +goose Down
DROP TRIGGER client_company_leads_linked ON client_company_leads;
DROP TRIGGER client_leads_unlinked ON client_leads;
DROP FUNCTION client_leads_unlinked();
DROP TABLE client_unlinked_leads;
DROP TRIGGER client_companies_stamp_merge ON client_companies;
DROP FUNCTION client_companies_stamp_merge();
DROP TRIGGER client_leads_stamp_update ON client_leads;
DROP FUNCTION client_leads_stamp();
DROP TRIGGER client_company_leads_stamp_update ON client_company_leads;
DROP TRIGGER client_company_leads_stamp_delete ON client_company_leads;
DROP TRIGGER client_company_leads_stamp_insert ON client_company_leads;
DROP FUNCTION client_company_leads_stamp();
DROP INDEX client_companies_stamp;
ALTER TABLE client_companies DROP COLUMN stamp;
