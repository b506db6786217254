-- The entry counts of a tournament (n_iscritti, n_in_attesa, n_squadre) are kept by the database, whoever writes
-- the entries or the teams (enrolment, withdrawal, promotion from the waiting list, account deletion, seed,
-- a script): the calendar and the detail read them instead of counting rows per tournament. The triggers are
-- per statement, with the statement's rows as transition tables: a bulk insert (the seed) costs one UPDATE per
-- tournament it touches, not one per row; a statement that changes no count (a snapshot, a seed number) none.
CREATE FUNCTION "tournament_entries_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE tournaments t SET n_iscritti = t.n_iscritti + d.iscritti, n_in_attesa = t.n_in_attesa + d.attesa
		FROM (SELECT tournament_id, count(*) FILTER (WHERE status = 'iscritto')::int AS iscritti,
				count(*) FILTER (WHERE status = 'lista_attesa')::int AS attesa
			FROM righe_nuove GROUP BY tournament_id) d
		WHERE t.id = d.tournament_id AND (d.iscritti <> 0 OR d.attesa <> 0);
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE tournaments t SET n_iscritti = t.n_iscritti - d.iscritti, n_in_attesa = t.n_in_attesa - d.attesa
		FROM (SELECT tournament_id, count(*) FILTER (WHERE status = 'iscritto')::int AS iscritti,
				count(*) FILTER (WHERE status = 'lista_attesa')::int AS attesa
			FROM righe_vecchie GROUP BY tournament_id) d
		WHERE t.id = d.tournament_id AND (d.iscritti <> 0 OR d.attesa <> 0);
	ELSE
		UPDATE tournaments t SET n_iscritti = t.n_iscritti + d.iscritti, n_in_attesa = t.n_in_attesa + d.attesa
		FROM (SELECT tournament_id, coalesce(sum(segno) FILTER (WHERE status = 'iscritto'), 0)::int AS iscritti,
				coalesce(sum(segno) FILTER (WHERE status = 'lista_attesa'), 0)::int AS attesa
			FROM (SELECT tournament_id, status, 1 AS segno FROM righe_nuove
				UNION ALL SELECT tournament_id, status, -1 FROM righe_vecchie) r
			GROUP BY tournament_id) d
		WHERE t.id = d.tournament_id AND (d.iscritti <> 0 OR d.attesa <> 0);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tournament_entries_counts_ins" AFTER INSERT ON "tournament_entries"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "tournament_entries_counts"();
--> statement-breakpoint
CREATE TRIGGER "tournament_entries_counts_upd" AFTER UPDATE ON "tournament_entries"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove
	FOR EACH STATEMENT EXECUTE FUNCTION "tournament_entries_counts"();
--> statement-breakpoint
CREATE TRIGGER "tournament_entries_counts_del" AFTER DELETE ON "tournament_entries"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "tournament_entries_counts"();
--> statement-breakpoint
CREATE FUNCTION "teams_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE tournaments t SET n_squadre = t.n_squadre + d.n
		FROM (SELECT tournament_id, count(*)::int AS n FROM righe_nuove GROUP BY tournament_id) d
		WHERE t.id = d.tournament_id;
	ELSIF TG_OP = 'DELETE' THEN
		UPDATE tournaments t SET n_squadre = t.n_squadre - d.n
		FROM (SELECT tournament_id, count(*)::int AS n FROM righe_vecchie GROUP BY tournament_id) d
		WHERE t.id = d.tournament_id;
	ELSE
		UPDATE tournaments t SET n_squadre = t.n_squadre + d.n
		FROM (SELECT tournament_id, sum(segno)::int AS n
			FROM (SELECT tournament_id, 1 AS segno FROM righe_nuove
				UNION ALL SELECT tournament_id, -1 FROM righe_vecchie) r
			GROUP BY tournament_id) d
		WHERE t.id = d.tournament_id AND d.n <> 0;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "teams_counts_ins" AFTER INSERT ON "teams"
	REFERENCING NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "teams_counts"();
--> statement-breakpoint
CREATE TRIGGER "teams_counts_upd" AFTER UPDATE ON "teams"
	REFERENCING OLD TABLE AS righe_vecchie NEW TABLE AS righe_nuove FOR EACH STATEMENT EXECUTE FUNCTION "teams_counts"();
--> statement-breakpoint
CREATE TRIGGER "teams_counts_del" AFTER DELETE ON "teams"
	REFERENCING OLD TABLE AS righe_vecchie FOR EACH STATEMENT EXECUTE FUNCTION "teams_counts"();
--> statement-breakpoint
-- TRUNCATE has no transition table: the counts of every tournament start again from zero.
CREATE FUNCTION "tournament_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'teams' THEN
		UPDATE tournaments SET n_squadre = 0 WHERE n_squadre <> 0;
	ELSE
		UPDATE tournaments SET n_iscritti = 0, n_in_attesa = 0 WHERE n_iscritti <> 0 OR n_in_attesa <> 0;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tournament_entries_counts_truncate" AFTER TRUNCATE ON "tournament_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "tournament_counts_truncate"();
--> statement-breakpoint
CREATE TRIGGER "teams_counts_truncate" AFTER TRUNCATE ON "teams"
	FOR EACH STATEMENT EXECUTE FUNCTION "tournament_counts_truncate"();
--> statement-breakpoint
-- The counts of the tournaments already there.
UPDATE tournaments t SET n_iscritti = c.iscritti, n_in_attesa = c.attesa
FROM (SELECT tournament_id, count(*) FILTER (WHERE status = 'iscritto')::int AS iscritti,
		count(*) FILTER (WHERE status = 'lista_attesa')::int AS attesa
	FROM tournament_entries GROUP BY tournament_id) c
WHERE t.id = c.tournament_id;
--> statement-breakpoint
UPDATE tournaments t SET n_squadre = c.n
FROM (SELECT tournament_id, count(*)::int AS n FROM teams GROUP BY tournament_id) c
WHERE t.id = c.tournament_id;
