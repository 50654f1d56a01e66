"""What the pages say, in the reader's language: catalogues, the referee's messages, French elision, the rules."""
