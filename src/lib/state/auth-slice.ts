// Session token (docs/product.md §4 "Session"): a stored token means signed in, none means signed out.
// Persisted under the localStorage name `token` (see app/store/persist-storage.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  token: string | null;
}

const initialState: AuthState = { token: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    /** The user signed out, or the server said the session is gone (401 on users/current). */
    signedOut(state) {
      state.token = null;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const selectToken = (state: { auth: AuthState }) => state.auth.token;
