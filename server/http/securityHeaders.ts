import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Strict headers for the SPA and the API alike: scripts, workers and connections from self only. */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Local development runs over plain HTTP; HSTS belongs to the deployed proxy.
    strictTransportSecurity: false,
  });
}

/** Browser features the app never uses are switched off. helmet has no Permissions-Policy of its own. */
export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()',
  );
  next();
};

/** API answers carry personal and client data: never cached by the browser or a proxy. */
export const noStoreOnApi: RequestHandler = (req, res, next) => {
  if (req.path.startsWith('/api')) res.setHeader('Cache-Control', 'no-store');
  next();
};
