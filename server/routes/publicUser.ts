import type { User } from '../repositories/usersRepository.ts';

/** The fields of a user the API shows (spec: name, email, role, active). */
export const publicUser = (user: User) => ({ id: user.id, email: user.email, name: user.name, role: user.role, active: user.active });
