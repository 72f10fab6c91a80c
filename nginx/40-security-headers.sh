#!/bin/sh
# Picks the security headers the API would send for this PUBLIC_URL (HSTS and
# upgrade-insecure-requests only for https), so nginx and the API never disagree.
set -eu
case "${PUBLIC_URL:-}" in
  https://*) variant=https ;;
  *) variant=http ;;
esac
cp "/etc/nginx/security-headers/security-headers.$variant.conf" /etc/nginx/security-headers.conf
cp "/etc/nginx/security-headers/ad-preview-headers.$variant.conf" /etc/nginx/ad-preview-headers.conf
echo "$0: security headers for $variant (PUBLIC_URL=${PUBLIC_URL:-unset})"
