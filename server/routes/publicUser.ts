import type { User as PublicUser } from '../../schema/api/users.ts';
import type { User } from '../repositories/usersRepository.ts';

/** The fields of a user the API shows (spec: name, email, role, active). */
export const publicUser = (user: User): PublicUser => ({ id: user.id, email: user.email, name: user.name, role: user.role, active: user.active });
