import englishMessages from 'ra-language-english';

export const en = {
  ...englishMessages,
  segra: {
    auth: {
      subtitle: "Sign in for risk analysis",
      email: "Email",
      password: "Password",
      sign_in: "Sign in",
      login_failed: "Please check entered values and try again.",
      rate_limited: "Too many login attempts; try again in a moment.",
      session_expired: "Your session has ended; please sign in again.",
    },
    validation: {
      email_required: "Email is required",
      email_invalid: "Email is not valid",
      password_required: "Password is required",
      password_min: "Password must be at least 4 characters",
    },
    welcome: {
      title: 'Segra — SAP authorisation and segregation-of-duties risk analysis',
      intro:
        'The web interface is under construction. The analysis engine is available on the command line: analyse an SAP table extract against a risk ruleset.',
    },
  },
};
