-- What the start seals (withdrawals/sealed-numbers.ts) read through indexes of only the rows left
-- to seal: none once done, so a start does not read every account and order again.
CREATE INDEX withdrawal_accounts_unsealed ON withdrawal_accounts (id) WHERE identifier_hash IS NULL;
CREATE INDEX withdrawal_orders_unsealed ON withdrawal_orders (order_no)
  WHERE NOT ((account_snapshot ->> CASE account_snapshot ->> 'type' WHEN 'usdt' THEN 'address'
    WHEN 'wechat' THEN 'wechatId' WHEN 'bank' THEN 'cardNumber' WHEN 'alipay' THEN 'account' END) LIKE 'sealed:%');
