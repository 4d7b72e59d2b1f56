/* The low-level SHA256_Init/Update/Final are deprecated in OpenSSL 3.0 but still provided; AuditCrypto's
   Fingerprinter uses them for HMAC over precomputed pad states (no allocation per message). Declare them without
   the deprecation attribute. The one-shot SHA1() and MD4() serve breach-corpus lookups (HIBP SHA-1 and NTLM). */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/md4.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
