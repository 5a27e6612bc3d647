// Whether a component renders inside the shell's <main> (the error view then adds no main of its
// own: a page has exactly one main landmark).
import { createContext, useContext } from 'react';

export const InShellContext = createContext(false);
export const useInShell = () => useContext(InShellContext);
