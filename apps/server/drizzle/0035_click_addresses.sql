-- Invite-link clicks count visitors the server recognises (a signed cookie it issued), and at
-- most a few per client address, link and day: each counted click keeps its address's key
-- (platform/ip-key.ts: an IPv4 address, an IPv6 /64). Clicks counted before have none.
ALTER TABLE agent_link_clicks ADD COLUMN address text;
CREATE INDEX agent_link_clicks_address ON agent_link_clicks (link_id, day, address);
