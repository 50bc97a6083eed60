-- secret_insert
INSERT INTO instance_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING;

-- secret_value
SELECT value FROM instance_secrets WHERE name = $1;
