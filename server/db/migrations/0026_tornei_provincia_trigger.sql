-- A tournament's province is its club's, kept as its region is (migration 0005): whoever writes a tournament or
-- moves a club, the database copies it, so the calendar filters by province on tournaments alone (a column of
-- tournaments_calendar_idx) instead of joining every club of the province.
CREATE OR REPLACE FUNCTION "tournaments_region_of_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.club_id IS NOT NULL THEN
		SELECT p.region_id, c.provincia INTO NEW.region_id, NEW.provincia
			FROM clubs c JOIN provinces p ON p.sigla = c.provincia WHERE c.id = NEW.club_id;
	ELSE
		NEW.provincia := NULL;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "tournaments_region_trg" ON "tournaments";
--> statement-breakpoint
CREATE TRIGGER "tournaments_region_trg" BEFORE INSERT OR UPDATE OF club_id, region_id, provincia ON "tournaments"
	FOR EACH ROW EXECUTE FUNCTION "tournaments_region_of_club"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clubs_region_to_tournaments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE tournaments SET region_id = (SELECT region_id FROM provinces WHERE sigla = NEW.provincia),
		provincia = NEW.provincia
		WHERE club_id = NEW.id;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE "tournaments" t SET provincia = c.provincia FROM clubs c WHERE c.id = t.club_id;
