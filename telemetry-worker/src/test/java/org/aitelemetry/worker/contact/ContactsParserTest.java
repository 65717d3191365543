package org.aitelemetry.worker.contact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.nio.file.Path;
import java.util.List;
import org.aitelemetry.worker.contact.Contact.Role;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ContactsParserTest {

    private static final String HEADER = "cluster,namespace,role,email,name";

    @Test
    void readsContactsWithCommentsQuotesAndLowerCasedAddresses() {
        List<Contact> contacts = ContactsParser.parse("contacts.csv", List.of(
                "# who hears about what", "", HEADER,
                "prod,nlp,PI,Ada.Lovelace@Example.org,Ada Lovelace",
                "prod,nlp,MANAGER,grace@example.org,\"Hopper, Grace\"",
                "prod,vision,PI,alan@example.org,"));

        assertThat(contacts).containsExactly(
                new Contact("prod", "nlp", Role.PI, "ada.lovelace@example.org", "Ada Lovelace"),
                new Contact("prod", "nlp", Role.MANAGER, "grace@example.org", "Hopper, Grace"),
                new Contact("prod", "vision", Role.PI, "alan@example.org", ""));
    }

    @Test
    void theShippedExampleParses() {
        assertThat(ContactsLoader.read("classpath:contacts/example.csv")).hasSize(4)
                .extracting(Contact::email).contains("grace.hopper@example.org");
        assertThat(ContactsLoader.read(ContactsConfig.NONE)).isEmpty();
    }

    /** Each file (rows joined by '|') is refused with the problem on the line that has it. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', textBlock = """
            empty file;               ;                                                      1; no header row
            header in another order;  cluster,namespace,email,role,name|x;                   1; the header must be cluster,namespace,role,email,name
            header lacks name;        cluster,namespace,role,email;                          1; the header must be
            cells missing;            HEADER|prod,nlp,PI,a@example.org;                      2; expected 5 cells, found 4
            cells too many;           HEADER|prod,nlp,PI,a@example.org,A,x;                  2; expected 5 cells, found 6
            empty cluster;            HEADER|,nlp,PI,a@example.org,A;                        2; cluster must be 1 to 253 characters
            namespace upper case;     HEADER|prod,NLP,PI,a@example.org,A;                    2; namespace 'NLP' is no Kubernetes namespace
            namespace empty;          HEADER|prod,,PI,a@example.org,A;                       2; namespace '' is no Kubernetes namespace
            role unknown;             HEADER|prod,nlp,OWNER,a@example.org,A;                 2; role 'OWNER' is neither PI nor MANAGER
            role lower case;          HEADER|prod,nlp,pi,a@example.org,A;                    2; role 'pi' is neither PI nor MANAGER
            email without domain;     HEADER|prod,nlp,PI,ada,A;                              2; email 'ada' is not one address
            two addresses;            HEADER|prod,nlp,PI,"a@example.org,b@example.org",A;    2; is not one address
            address with a space;     HEADER|prod,nlp,PI,a@example.org x@evil.org,A;        2; is not one address
            display-name form;        HEADER|prod,nlp,PI,Ada <a@example.org>,A;              2; is not one address
            same person twice;        HEADER|prod,nlp,PI,a@example.org,A|prod,nlp,PI,A@example.org,B; 3; a@example.org is PI of prod/nlp already (line 2)
            """)
    void refusesWithFileLineAndProblem(String rule, String rows, int line, String problem) {
        List<String> lines = rows == null ? List.of() : List.of(rows.replace("HEADER", HEADER).split("\\|", -1));

        ContactsException refused = catchThrowableOfType(ContactsException.class,
                () -> ContactsParser.parse("/etc/contacts.csv", lines));

        assertThat(refused).as(rule).isNotNull();
        assertThat(refused.getMessage()).as(rule).startsWith("Contacts file /etc/contacts.csv line " + line + ": ")
                .contains(problem);
        assertThat(refused).as("Quarkus prints the message alone").isInstanceOf(ConfigurationException.class)
                .hasNoCause();
    }

    @Test
    void aMissingFileOrResourceIsRefusedByName(@TempDir Path dir) {
        String missing = dir.resolve("nope.csv").toString();
        assertThat(catchThrowableOfType(ContactsException.class, () -> ContactsLoader.read(missing)))
                .hasMessage("Contacts file " + missing + ": cannot be read: NoSuchFileException " + missing);
        assertThat(catchThrowableOfType(ContactsException.class, () -> ContactsLoader.read("classpath:nope.csv")))
                .hasMessage("Contacts file classpath:nope.csv: no such resource in the worker");
    }
}
