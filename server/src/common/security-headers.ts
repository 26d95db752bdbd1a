import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The headers every answer carries. The CSP is what the built client needs and no more: its own
 * scripts only, inline styles (Chakra's emotion and CodeMirror inject style tags), media and
 * images from this origin plus data: and blob: (previews), the socket on this origin.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // a team tool served on a LAN over plain HTTP must keep working: HSTS is for the proxy that terminates TLS
    strictTransportSecurity: false,
  });
}
