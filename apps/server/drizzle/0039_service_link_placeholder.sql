-- The demo seed's customer-service link was a placeholder address that leads nowhere: a site still
-- holding it gets none, so the player app hides 联系在线客服 until an operator sets a real one.
UPDATE site_config
SET value = '""'::jsonb
WHERE key = 'serviceUrl' AND value = '"https://help.breakshot.example/chat"'::jsonb;
