// Placeholder: replaced as the module's tests are written.
