// Server answers shared by the administration page tests.
import type { Session } from '../api/session.ts';

export const AVA: Session = {
  user: { id: '22222222-2222-4222-8222-222222222222', email: 'ava.admin@example.com', name: 'Ava Admin', role: 'admin', active: true },
  environment: 'development',
  aiEnabled: false,
  signInMode: 'development',
};
