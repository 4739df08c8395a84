// Package secretbox seals small secrets (a source's API key, an app
// password) for storage in the database: AES-256-GCM from the standard
// library, with a 32-byte key that comes from the environment
// (SECRETS_KEY) and never from the database it protects
// (docs/security.md "Credentials saved in the console").
package secretbox
