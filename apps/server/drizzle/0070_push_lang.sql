-- The language a browser's pushes are written in: the app's when it subscribed (its calls'
-- Accept-Language), kept again each time the app registers the subscription (docs/design.md §2,
-- "Web push"). Subscriptions made before it read Chinese, as every push did.
ALTER TABLE push_subscriptions ADD COLUMN lang text NOT NULL DEFAULT 'zh-CN' CHECK (lang IN ('zh-CN', 'en'));
