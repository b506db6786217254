CREATE INDEX "tournaments_calendar_region_idx" ON "tournaments" USING btree ("sector_id","region_id","data_inizio");--> statement-breakpoint
CREATE INDEX "tournaments_calendar_status_idx" ON "tournaments" USING btree ("sector_id","status","data_inizio");--> statement-breakpoint
-- A tournament's region is where it is played: its club's (the club's province's region), or, without a club,
-- the zone it was given. The database keeps it, whoever writes a tournament or moves a club, so the calendar
-- filters by region with one index and no join.
CREATE FUNCTION "tournaments_region_of_club"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.club_id IS NOT NULL THEN
		SELECT p.region_id INTO NEW.region_id
			FROM clubs c JOIN provinces p ON p.sigla = c.provincia WHERE c.id = NEW.club_id;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tournaments_region_trg" BEFORE INSERT OR UPDATE OF club_id, region_id ON "tournaments"
	FOR EACH ROW EXECUTE FUNCTION "tournaments_region_of_club"();
--> statement-breakpoint
CREATE FUNCTION "clubs_region_to_tournaments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE tournaments SET region_id = (SELECT region_id FROM provinces WHERE sigla = NEW.provincia)
		WHERE club_id = NEW.id;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clubs_region_trg" AFTER UPDATE OF provincia ON "clubs"
	FOR EACH ROW WHEN (OLD.provincia IS DISTINCT FROM NEW.provincia)
	EXECUTE FUNCTION "clubs_region_to_tournaments"();
--> statement-breakpoint
UPDATE "tournaments" t SET region_id = p.region_id
	FROM clubs c JOIN provinces p ON p.sigla = c.provincia
	WHERE c.id = t.club_id;
