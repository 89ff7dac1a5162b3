-- Key pairs this server signs with (platform/signing.ts): the operator's seamless-wallet answers,
-- and in demo mode the built-in demo provider's requests. Made once, on first use, unless the
-- environment supplies the operator's key (OPERATOR_WALLET_PRIVATE_KEY).
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  private_pem text NOT NULL,
  public_pem text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
