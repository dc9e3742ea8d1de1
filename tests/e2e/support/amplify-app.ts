// An app on another origin written with Amplify v6, as such apps are: the journeys build this
// file for the browser (vite, at their start) and serve it. The OAuth listener finishes a
// signInWithRedirect when the app's page loads again at its callback.
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, signIn, signInWithRedirect, signOut } from 'aws-amplify/auth';
import 'aws-amplify/auth/enable-oauth-listener';

/** What an app using the managed login configures: the pool, its client, the login's domain and the app's addresses. */
function configureManagedLogin(settings: { domain: string; appOrigin: string }) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: 'us-east-1_local',
        userPoolClientId: 'hireassist-local-client',
        loginWith: {
          oauth: {
            domain: settings.domain,
            scopes: ['openid', 'email', 'profile'],
            redirectSignIn: [`${settings.appOrigin}/callback`],
            redirectSignOut: [`${settings.appOrigin}/`],
            responseType: 'code',
          },
        },
      },
    },
  });
}

Object.assign(window, {
  amplify: { Amplify, configureManagedLogin, signIn, signInWithRedirect, signOut, fetchAuthSession, fetchUserAttributes },
});
