/** Every id the service makes is a UUID; anything else names nothing. One pattern for the server and the browser. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

export const isUuid = (value: string): boolean => UUID.test(value);
