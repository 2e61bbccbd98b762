-- The planner's row estimate of a query (EXPLAIN, nothing executed). The contacts list answers a
-- count as '10.000+' when the estimate says counting would walk too far; the statement that picks
-- the page reads the estimate itself, only when the page found more than 300 matches, instead of
-- EXPLAIN round trips of their own. The query is the server's own text (its values written in as
-- literals); only the connection's own user may run it, never the tenant role.
CREATE FUNCTION public.plan_rows(query text) RETURNS double precision
LANGUAGE plpgsql VOLATILE AS
$$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.plan_rows(text) FROM PUBLIC;
