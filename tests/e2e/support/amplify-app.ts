// An app on another origin written with Amplify v6, as such apps are: the identity-clients
// journey builds this file for the browser (vite, at the journey's start) and serves it.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, signIn, signOut } from 'aws-amplify/auth';

Object.assign(window, { amplify: { Amplify, signIn, signOut, fetchAuthSession, fetchUserAttributes } });
