-- The agent's own dividend ratio when its dividend week was settled, so the dividend report shows
-- the ratio that week was paid at after the ratio changes. NULL for commission statements and for
-- the weeks settled before this column (the report shows the current ratio for those).
ALTER TABLE agent_statements ADD COLUMN ratio_bp integer;
