import type { PlatformRole } from '../schema/roles.ts';

/**
 * Users the local development server provisions so a newcomer can try every role. Engagement
 * roles (lead, analyst) come from engagement membership; the viewer starts with no engagement.
 */
export const DEV_USERS: { email: string; name: string; role: PlatformRole }[] = [
  { email: 'admin@example.com', name: 'Avery Admin', role: 'admin' },
  { email: 'lead@example.com', name: 'Lee Lead', role: 'user' },
  { email: 'analyst@example.com', name: 'Ana Analyst', role: 'user' },
  { email: 'viewer@example.com', name: 'Vic Viewer', role: 'user' },
];
