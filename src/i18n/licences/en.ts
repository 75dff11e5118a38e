/** Licences, evaluation and user limits (issue 27), English; merged under segra. */
export const en = {
  licences: {
    banner: {
      evaluation:
        'Evaluation: no licence has been uploaded for this customer. The evaluation ends on %{date} (%{days}); until then at most %{systems} system can be added.',
      days_left: '1 day left |||| %{smart_count} days left',
      ended: 'The evaluation ended on %{date}: a licence file must be uploaded to add systems.',
      hint: 'A licence file lists the installation number and hardware key of each system.',
      upload: 'Upload a licence file',
    },
    counts: {
      licence: 'Licence',
      evaluation_until: 'Evaluation (until %{date})',
      evaluation_ended: 'Evaluation (ended on %{date})',
      users: 'Users (active / licensed)',
      systems: 'Systems (registered / allowed)',
      no_limit: 'no limit',
      over: '%{count} over the licence',
    },
  },
  errors: {
    code: {
      LICENCE_REQUIRED:
        'A licence is required: without one, a customer is evaluated with at most %{systems} system(s) for %{days} days from its creation (until %{endsOn}); this customer has %{used}. Upload a licence file listing installation number %{installationNumber} with hardware key %{hwKey} (Licences → Licence file upload).',
      LICENCE_USERS_EXHAUSTED:
        'The licence of %{licence} (valid until %{expiresOn}) allows %{licensed} active users and the customer has %{active}: set a user passive or upload a licence for more users.',
      LICENCE_KEY_INVALID:
        'Licence key is invalid: no valid licence of the customer lists installation number %{installationNumber} with hardware key %{hwKey}. Upload a licence file that lists them (Licences → Licence file upload) or correct the two fields.',
      LICENCE_KEY_NOT_CONFIGURED:
        'Licence files cannot be verified: the server has no licence key configured. Until a licence file is uploaded, a customer is in evaluation (one system, 30 days); to use licence files, start the server with the public key that came with your licence (LICENCE_PUBLIC_KEY).',
      LICENCE_UNREADABLE: 'The licence file cannot be read: it is not the JSON text "segra licence sign" writes. Choose the file that command wrote (e.g. customer.lic).',
      LICENCE_IS_KEY: 'This is a key file, not a licence: choose the licence file "segra licence sign" wrote.',
      LICENCE_NOT_A_LICENCE: 'This file is not a licence: a licence file holds a payload object and a signature.',
      LICENCE_SIGNATURE_INVALID: 'The licence signature is not valid: the file was altered or not signed with the key of this installation.',
      LICENCE_MALFORMED: 'The licence content is malformed: the field "%{field}" is not valid.',
      LICENCE_EXPIRED: 'The licence expired on %{expiresOn}; upload a current licence file.',
      LICENCE_OTHER_CUSTOMER: 'This licence was issued to %{licenceCustomer}, not to %{customer}: upload it for its own customer.',
    },
  },
};
