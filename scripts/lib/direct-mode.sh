# Sourced by scripts/backup and scripts/restore with --direct (no docker): checks the tools and
# the settings, and takes the password out of DATABASE_URL into PGPASSWORD, so that `ps` (which
# shows every command line) never shows it.
#   sets: PG_URL (DATABASE_URL without its password), BACKEND_DIST (backend/dist, or $BACKEND_DIST)
[ -n "${DATABASE_URL:-}" ] || {
  echo "--direct needs DATABASE_URL (and the app's storage settings: S3_* for a bucket, else DATA_DIR)" >&2
  exit 2
}
BACKEND_DIST="${BACKEND_DIST:-backend/dist}"
[ -f "$BACKEND_DIST/objects.js" ] || {
  echo "--direct needs the built backend ($BACKEND_DIST/objects.js): run npm run build first" >&2
  exit 2
}
for tool in pg_dump pg_restore psql node; do
  command -v "$tool" >/dev/null || {
    echo "--direct needs $tool on PATH (Debian: postgresql-client of the server's version or newer; Node 24)" >&2
    exit 2
  }
done
PG_URL="$(node -e 'const u = new URL(process.env.DATABASE_URL); u.password = ""; process.stdout.write(u.href)')"
pg_password="$(node -e 'process.stdout.write(decodeURIComponent(new URL(process.env.DATABASE_URL).password))')"
if [ -n "$pg_password" ]; then export PGPASSWORD="$pg_password"; fi
unset pg_password
