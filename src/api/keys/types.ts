// Shapes of the signing key answers (access control) the extension uses.

export interface SigningKey {
  id: string;
  name?: string;
  publicKey: string;
  userId?: string;
  createdAt?: number;
  lastSeen?: number;
  disabled?: boolean;
  projectId?: string;
}

/** The create response: the only time the service hands out the private key (base64 PEM). */
export interface CreatedSigningKey extends SigningKey {
  privateKey?: string;
}

export interface SigningKeyUpdate {
  name?: string;
  disabled?: boolean;
}
