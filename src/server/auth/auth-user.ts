/** The signed-in user as the server sees it on each request. */
export interface AuthUser {
  id: number;
  email: string;
  isAdmin: boolean;
}
