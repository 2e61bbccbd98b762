-- Contact search (issue 4): substring, case- and accent-insensitive search over name, e-mail and
-- the phone's digits. pg_trgm gives the GIN trigram index for rare fragments; unaccent folds
-- accents. Both ship with PostgreSQL contrib and as PGlite extensions (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes the fold
-- IMMUTABLE, which a generated column and an index need. Queries fold the typed text with the
-- same function, so both sides always agree.
CREATE FUNCTION public.contacts_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
$$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- The search key of a contact: folded name and e-mail, then the phone's digits, one per line (a
-- typed search never holds a newline, so a fragment cannot match across two fields).
CREATE FUNCTION public.contacts_search_key(name text, email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT public.contacts_fold(coalesce(name, '') || E'\n' || coalesce(email, '')) || E'\n'
   || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') $$;
